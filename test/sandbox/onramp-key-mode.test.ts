/**
 * GET /v1/onramp with a key of the other mode (live key, test session, or the reverse): a publishable
 * key holding the session's own client secret is told the modes differ (404 KEY_MODE_MISMATCH); every
 * other caller still finds nothing (404 NOT_FOUND), so the answer reveals no session to a guess.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type CreatedSession,
  createdSessionSchema,
  sessionStatusViewSchema,
} from '../../src/contract/write/session.js';
import { type KeyEnvironment } from '../../src/contract/product.js';
import { addAccount } from './support/second-account.js';
import { type TestSandbox, expectData, expectError, sessionBody, startFileTestSandbox } from './helpers.js';

let t: TestSandbox & { dir: string };
/** Another account's keys, written straight into the database (the API has no sign-up). */
const theirs = { test: { secret: '', publishable: '' }, live: { secret: '', publishable: '' } };

before(async () => {
  t = await startFileTestSandbox('sandbox-key-mode-');
  Object.assign(theirs, addAccount(t.dir, 'acct_key_mode_other', ['onramp:create', 'onramp:read']));
});
after(() => t.close());

const newSession = async (secretKey: string): Promise<CreatedSession> =>
  expectData(await t.call('POST', '/v1/onramp', { key: secretKey, body: sessionBody() }), createdSessionSchema, 201);

const read = (session: CreatedSession, key: string, clientSecret?: string) =>
  t.call('GET', `/v1/onramp?session_id=${session.session_id}`, {
    key,
    headers: clientSecret === undefined ? {} : { 'X-Client-Secret': clientSecret },
  });

/** The error message of a reply `expectError` has already checked. */
const message = (json: unknown): string => (json as { error: { message: string } }).error.message;

describe('GET /v1/onramp with a key of the other mode', () => {
  const cases: [session: KeyEnvironment, key: KeyEnvironment, expected: string][] = [
    ['test', 'live', 'This session is in test mode; the key is live.'],
    ['live', 'test', 'This session is in live mode; the key is test.'],
  ];
  for (const [sessionMode, keyMode, expected] of cases) {
    it(`tells a ${keyMode} publishable key with the client secret of a ${sessionMode} session which modes differ`, async () => {
      const session = await newSession(t.keys[sessionMode].secret);
      const reply = await read(session, t.keys[keyMode].publishable, session.client_secret);
      expectError(reply, 404, 'KEY_MODE_MISMATCH', 'session_id');
      assert.equal(message(reply.json), expected);
    });

    it(`answers NOT_FOUND to a ${keyMode} key without the ${sessionMode} session's own secret`, async () => {
      const session = await newSession(t.keys[sessionMode].secret);
      const other = await newSession(t.keys[sessionMode].secret);
      const pk = t.keys[keyMode].publishable;
      expectError(await read(session, pk), 404, 'NOT_FOUND', 'session_id');
      expectError(await read(session, pk, other.client_secret), 404, 'NOT_FOUND', 'session_id');
      expectError(await read(session, pk, `${session.session_id}_secret_${'x'.repeat(32)}`), 404, 'NOT_FOUND');
      // A secret key never reads across modes, client secret or not.
      expectError(await read(session, t.keys[keyMode].secret, session.client_secret), 404, 'NOT_FOUND');
    });

    it(`answers NOT_FOUND to another account's ${keyMode} publishable key, even with the client secret`, async () => {
      const mine = await newSession(t.keys[sessionMode].secret);
      expectError(await read(mine, theirs[keyMode].publishable, mine.client_secret), 404, 'NOT_FOUND', 'session_id');
      const foreign = await newSession(theirs[sessionMode].secret);
      expectError(await read(foreign, t.keys[keyMode].publishable, foreign.client_secret), 404, 'NOT_FOUND');
    });
  }

  it('reads the session when key and session share a mode', async () => {
    for (const mode of ['test', 'live'] as const) {
      const session = await newSession(t.keys[mode].secret);
      const status = expectData(
        await read(session, t.keys[mode].publishable, session.client_secret),
        sessionStatusViewSchema,
      );
      assert.equal(status.session_id, session.session_id);
      assert.equal(status.redirect_url, session.redirect_url);
    }
  });
});
