/** Issuing API keys (stored as hashes only) and the first-start account with its four keys. */
import type { KeyEnvironment, KeyType, Permission } from '../../../src/contract/product.js';
import { PERMISSIONS, PUBLISHABLE_PERMISSIONS } from '../../../src/contract/product.js';
import type { AccountsRepo } from '../db/accounts.js';
import type { ApiKeyRecord, ApiKeysRepo } from '../db/api-keys.js';
import { newAccountId, newApiKey, newKeyId } from './ids.js';
import { sha256Hex } from '../../http-common/ids.js';

export interface IssueKeyInput {
  accountId: string;
  name: string;
  environment: KeyEnvironment;
  type: KeyType;
  permissions: readonly Permission[];
}

export function issueKey(
  repo: ApiKeysRepo,
  brand: string,
  input: IssueKeyInput,
  now: number,
  randomLength?: number,
): { record: ApiKeyRecord; key: string } {
  const { key, prefix } = newApiKey(brand, input.environment, input.type, randomLength);
  const permissions = PERMISSIONS.filter((p) => input.permissions.includes(p));
  const record: ApiKeyRecord = {
    id: newKeyId(),
    accountId: input.accountId,
    name: input.name,
    environment: input.environment,
    type: input.type,
    prefix,
    permissions,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  repo.insert(record, sha256Hex(key));
  return { record, key };
}

export interface SandboxKeys {
  test: { secret: string; publishable: string };
  live: { secret: string; publishable: string };
}

export interface BootstrapResult {
  accountId: string;
  /** The keys, only when this start created the account. */
  createdKeys: SandboxKeys | null;
}

/**
 * On an empty database: one account with a secret and a publishable key per environment.
 * `keyRandomLength` shortens the keys' random part (the spec-shapes mode).
 */
export function bootstrapAccount(
  accounts: AccountsRepo,
  keys: ApiKeysRepo,
  brand: string,
  now: number,
  keyRandomLength?: number,
): BootstrapResult {
  const existing = accounts.first();
  if (existing) return { accountId: existing.id, createdKeys: null };
  const accountId = newAccountId();
  accounts.insert({ id: accountId, name: 'Sandbox merchant', created_at: now, expires_at: null });
  const make = (environment: KeyEnvironment, type: KeyType): string =>
    issueKey(
      keys,
      brand,
      {
        accountId,
        name: `Default ${environment} ${type} key`,
        environment,
        type,
        permissions: type === 'secret' ? PERMISSIONS : PUBLISHABLE_PERMISSIONS,
      },
      now,
      keyRandomLength,
    ).key;
  return {
    accountId,
    createdKeys: {
      test: { secret: make('test', 'secret'), publishable: make('test', 'publishable') },
      live: { secret: make('live', 'secret'), publishable: make('live', 'publishable') },
    },
  };
}
