/**
 * A restart ends no visit and resets no limit (issue 25, docs/design.md "The public demo"): the real
 * `demo/shop/server/main.ts` in hosted mode is stopped and started again on the same database file, and
 * the visitor carries on with the same account, keys, console keys, received events and orders;
 * an address that used up its new accounts is still refused. What the demo keeps is sealed: the
 * database file holds no secret in clear.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_ACCOUNTS_PER_ADDRESS } from '../../demo/onramp-api/guest-accounts/options.js';
import { startSandbox } from '../../demo/onramp-api/index.js';
import { keepConsoleKey, keepEvent, keepOrder, newMerchant } from '../../demo/shop/server/merchant.js';
import { createVisitorStore } from '../../demo/public-demo/visitor-store.js';
import { sha256Hex } from '../../demo/http-common/ids.js';
import { waitFor } from '../sandbox/helpers.js';
import { type HostedProcess, newVisitor, startHostedProcess, visitorWith } from './support/hosted-process.js';

const ORDER = {
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  crypto_currency: 'ETH',
  fiat_amount: 5000,
  fiat_currency: 'USD',
};

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'onramp-restart-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Every file of the database (WAL included), as text: what someone with the file alone would read. */
const databaseText = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.includes('.db') && !name.endsWith('.seal-key'))
    .map((name) => readFileSync(join(folder, name)).toString('latin1'))
    .join('\n');

describe('the hosted demo across a restart of its process', () => {
  let demo: HostedProcess | undefined;
  after(() => demo?.stop());

  it('the visitor carries on with the same account, keys, console keys and events; the address limit stays used', async () => {
    const db = join(dir, 'hosted.db');
    demo = await startHostedProcess(db);
    const visitor = await newVisitor(demo.url, '198.51.100.10');
    const json = async (path: string) =>
      JSON.parse((await visitor.call('GET', path)).text) as { data: Record<string, unknown> } & Record<string, unknown>;

    const created = await visitor.call('POST', '/api/sessions', ORDER);
    assert.equal(created.status, 200, created.text);
    const sessionId = (JSON.parse(created.text) as { session: { session_id: string } }).session.session_id;
    const key = await visitor.call('POST', '/api/console/keys', {
      name: 'kept across a restart',
      type: 'secret',
      environment: 'test',
    });
    assert.equal(key.status, 201, key.text);
    const keyId = (JSON.parse(key.text) as { data: { id: string } }).data.id;
    await waitFor(
      async () =>
        ((await json('/api/webhook-events')).events as { session_id: string }[]).some((e) => e.session_id === sessionId)
          ? true
          : undefined,
      10_000,
      'the created event',
    );
    const before = { account: await json('/api/console/account'), events: (await json('/api/webhook-events')).events };

    // The address uses up its new accounts (one is the visitor's).
    const limited = '198.51.100.20';
    for (let i = 0; i < DEFAULT_ACCOUNTS_PER_ADDRESS.burst; i += 1) await newVisitor(demo.url, limited);
    await assert.rejects(newVisitor(demo.url, limited), /no account for 198\.51\.100\.20: 429/);

    await demo.stop();
    demo = await startHostedProcess(db);
    const again = visitorWith(demo.url, visitor.address, visitor.cookie);
    const page = await again.call('GET', '/');
    assert.equal(page.status, 200);
    assert.equal(page.headers['set-cookie'], undefined, 'no new account: the cookie is still known');
    const reread = async (path: string) =>
      JSON.parse((await again.call('GET', path)).text) as { data: Record<string, unknown> } & Record<string, unknown>;
    assert.deepEqual(await reread('/api/console/account'), before.account, 'the same account, ending at the same time');
    assert.deepEqual((await reread('/api/webhook-events')).events, before.events, 'the events received before');
    const transactions = (await reread('/api/console/transactions')).data.transactions as { session_id: string }[];
    assert.deepEqual(
      transactions.map((t) => t.session_id),
      [sessionId],
      "the shop's secret key still acts for the same account",
    );
    const keys = (await reread('/api/console/keys')).data.keys as { id: string; testable: boolean }[];
    assert.equal(
      keys.find((k) => k.id === keyId)?.testable,
      true,
      'the console key created before can still be tested',
    );
    const tested = JSON.parse((await again.call('POST', `/api/console/keys/${keyId}/test`, {})).text) as {
      data: { status: number };
    };
    assert.equal(tested.data.status, 200);
    // New events still reach the visitor (their receiver is known to the new process).
    const second = await again.call('POST', '/api/sessions', ORDER);
    const secondId = (JSON.parse(second.text) as { session: { session_id: string } }).session.session_id;
    await waitFor(
      async () =>
        ((await reread('/api/webhook-events')).events as { session_id: string }[]).some(
          (e) => e.session_id === secondId,
        )
          ? true
          : undefined,
      10_000,
      'an event after the restart',
    );

    await assert.rejects(newVisitor(demo.url, limited), /429/, 'the address limit was not reset by the restart');
    await demo.stop();
    demo = undefined;
    assert.ok(
      !databaseText(dir).includes((JSON.parse(key.text) as { data: { key: string } }).data.key),
      'the console key is sealed in the database',
    );
  });
});

describe('the visitor store: what the shop keeps for a visitor, in the database', () => {
  it('keeps orders, events and console keys across a reopening of the database, with every secret sealed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'onramp-store-'));
    const db = join(folder, 'hosted.db');
    const guests = {
      accountTtlMs: 600_000,
      webhookReceiver: {
        prefix: 'https://shop.example/webhooks/',
        fetch: async () => new Response(null, { status: 204 }),
      },
    };
    const base = {
      port: 0,
      checkoutPort: 0,
      db,
      keysFile: null,
      log: () => {},
      publicApiUrl: 'https://api.example',
      publicCheckoutUrl: 'https://checkout.example',
      guests,
    } as const;
    try {
      let sandbox = await startSandbox(base);
      const made = sandbox.guests!.create('198.51.100.30');
      assert.ok(made.ok);
      const { account } = made;
      const merchant = newMerchant(account.keys, account.expiresAt);
      merchant.webhook = { url: account.webhook.url, endpointId: account.webhook.id, secret: account.webhook.secret };
      const tokenHash = sha256Hex('a visitor token');
      createVisitorStore(sandbox.sharedStore).insert({
        tokenHash,
        accountId: account.accountId,
        receiverId: 'r1',
        merchant,
      });
      const order = {
        sessionId: 'ors_kept',
        clientSecret: 'ors_kept_secret_abcdef123456',
        redirectUrl: 'https://checkout.example/pay/ors_kept?t=tok_1',
        page: '/demo/redirect',
        order: { fiat_amount: 5000, fiat_currency: 'USD' },
        createdAt: 1_700_000_000_000,
      };
      keepOrder(merchant, order);
      keepEvent(merchant, {
        id: 'evt_1',
        type: 'onramp.session.created',
        created: '2026-01-01T00:00:00.000Z',
        session_id: 'ors_kept',
        status: 'pending',
        received_at: '2026-01-01T00:00:01.000Z',
      });
      keepConsoleKey(merchant, 'key_1', 'onramp_test_sk_consolekeyinclear0000');
      await sandbox.close();

      sandbox = await startSandbox(base);
      const store = createVisitorStore(sandbox.sharedStore);
      const found = store.byToken(tokenHash);
      assert.ok(found);
      assert.equal(found.accountId, account.accountId);
      assert.equal(store.byReceiver('r1')?.accountId, account.accountId);
      assert.deepEqual(found.merchant.orders.get('ors_kept'), order);
      assert.deepEqual(found.merchant.events, merchant.events);
      assert.equal(found.merchant.consoleKeys.get('key_1'), 'onramp_test_sk_consolekeyinclear0000');
      assert.equal(found.merchant.secretKey, account.keys.secret);
      assert.deepEqual(found.merchant.webhook, merchant.webhook);
      // Orders keep their bound in the database too.
      for (let i = 0; i < 105; i += 1)
        keepOrder(found.merchant, { ...order, sessionId: `ors_${i}`, createdAt: order.createdAt + i + 1 });
      assert.equal(store.byToken(tokenHash)?.merchant.orders.size, 100);
      assert.equal(store.byToken(tokenHash)?.merchant.orders.has('ors_kept'), false, 'the oldest went first');
      await sandbox.close();

      const text = databaseText(folder);
      for (const secret of [
        account.keys.secret,
        account.webhook.secret,
        order.clientSecret,
        'onramp_test_sk_consolekeyinclear0000',
      ]) {
        assert.ok(!text.includes(secret), `${secret.slice(0, 16)}… is sealed`);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
