/**
 * Another account with a secret and a publishable key in each environment, written straight into a
 * sandbox's database file (the API has no sign-up): for tests of what one account may see of another.
 */
import { join } from 'node:path';
import { createAccountsRepo } from '../../../demo/onramp-api/db/accounts.js';
import { createApiKeysRepo } from '../../../demo/onramp-api/db/api-keys.js';
import { openDatabase } from '../../../demo/onramp-api/db/database.js';
import { issueKey } from '../../../demo/onramp-api/domain/keys.js';
import type { KeyEnvironment, Permission } from '../../../src/contract/product.js';

export type AccountKeys = Record<KeyEnvironment, { secret: string; publishable: string }>;

export function addAccount(dataDir: string, accountId: string, secretPermissions: readonly Permission[]): AccountKeys {
  const db = openDatabase(join(dataDir, 'sandbox.db'));
  const keys: AccountKeys = { test: { secret: '', publishable: '' }, live: { secret: '', publishable: '' } };
  try {
    createAccountsRepo(db).insert({ id: accountId, name: 'Other', created_at: Date.now(), expires_at: null });
    for (const environment of ['test', 'live'] as const) {
      for (const type of ['secret', 'publishable'] as const) {
        keys[environment][type] = issueKey(
          createApiKeysRepo(db),
          'onramp',
          {
            accountId,
            name: 'other',
            environment,
            type,
            permissions: type === 'secret' ? [...secretPermissions] : ['onramp:read'],
          },
          Date.now(),
        ).key;
      }
    }
  } finally {
    db.close();
  }
  return keys;
}
