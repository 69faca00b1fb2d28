/** `npm start`'s settings (demo/shop/server/settings.ts): the public demo's variables, and a bad value stopping the start with its variable named. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../demo/onramp-api/index.js';
import { loadDemoSettings } from '../../demo/shop/server/settings.js';

const HOSTED = {
  DEMO_HOSTED: '1',
  DEMO_PUBLIC_URL: 'https://demo.example.com',
  SANDBOX_PUBLIC_URL: 'https://api.demo.example.com/',
  CHECKOUT_PUBLIC_URL: 'https://checkout.demo.example.com',
};

const refuses = (env: Record<string, string>, pattern: RegExp) =>
  assert.throws(
    () => loadDemoSettings(env),
    (error: unknown) => error instanceof ConfigError && pattern.test(error.message),
  );

describe('demo settings', () => {
  it('locally: loopback, the default ports, no public URLs, not hosted', () => {
    const settings = loadDemoSettings({});
    assert.equal(settings.port, 8080);
    assert.equal(settings.host, undefined);
    assert.equal(settings.publicUrl, undefined);
    assert.equal(settings.publicDemo, undefined);
    assert.equal(settings.sandbox?.db, '.sandbox-data/sandbox.db');
  });

  it('hosted: the three public origins, the listening address for all three, a database of its own, no keys file', () => {
    const settings = loadDemoSettings({
      ...HOSTED,
      DEMO_LISTEN_HOST: '0.0.0.0',
      DEMO_ACCOUNT_TTL: '900',
      DEMO_PORT: '9000',
    });
    assert.equal(settings.publicUrl, 'https://demo.example.com');
    assert.equal(settings.sandbox?.publicApiUrl, 'https://api.demo.example.com');
    assert.equal(settings.sandbox?.publicCheckoutUrl, 'https://checkout.demo.example.com');
    assert.equal(settings.host, '0.0.0.0');
    assert.equal(settings.sandbox?.host, '0.0.0.0');
    assert.equal(settings.port, 9000);
    assert.deepEqual(settings.publicDemo, { accountTtlSeconds: 900 });
    assert.equal(settings.sandbox?.db, '.sandbox-data/hosted.db');
    assert.equal(settings.sandbox?.keysFile, null);
    assert.equal(loadDemoSettings(HOSTED).publicDemo?.accountTtlSeconds, 3600);
    assert.equal(loadDemoSettings({ ...HOSTED, SANDBOX_DB: '/var/lib/x.db' }).sandbox?.db, '/var/lib/x.db');
  });

  it('a bad value stops the start, naming its variable', () => {
    refuses({ DEMO_PUBLIC_URL: 'demo.example.com' }, /^DEMO_PUBLIC_URL must be a URL/);
    refuses({ SANDBOX_PUBLIC_URL: 'https://api.example.com/v1' }, /^SANDBOX_PUBLIC_URL must be a URL/);
    refuses({ CHECKOUT_PUBLIC_URL: 'https://user:pw@checkout.example.com' }, /^CHECKOUT_PUBLIC_URL must be a URL/);
    refuses({ DEMO_PUBLIC_URL: 'ftp://demo.example.com' }, /^DEMO_PUBLIC_URL must be a URL/);
    refuses(
      { ...HOSTED, CHECKOUT_PUBLIC_URL: 'http://checkout.demo.example.com' },
      /^CHECKOUT_PUBLIC_URL must be an https URL in the hosted demo/,
    );
    refuses({ ...HOSTED, SANDBOX_PUBLIC_URL: '' }, /^SANDBOX_PUBLIC_URL is required in the hosted demo/);
    refuses(
      { ...HOSTED, CHECKOUT_PUBLIC_URL: HOSTED.DEMO_PUBLIC_URL },
      /^DEMO_PUBLIC_URL and CHECKOUT_PUBLIC_URL must be different origins/,
    );
    refuses({ DEMO_HOSTED: 'yes' }, /^DEMO_HOSTED must be 1/);
    refuses({ ...HOSTED, DEMO_ACCOUNT_TTL: '0' }, /^DEMO_ACCOUNT_TTL must be an integer/);
    refuses({ ...HOSTED, DEMO_ACCOUNT_TTL: '1h' }, /^DEMO_ACCOUNT_TTL must be an integer/);
    refuses({ DEMO_ACCOUNT_TTL: '60' }, /^DEMO_ACCOUNT_TTL applies to the hosted demo only/);
    refuses({ DEMO_LISTEN_HOST: 'all' }, /^DEMO_LISTEN_HOST must be an IP address/);
    refuses({ DEMO_PORT: '70000' }, /^DEMO_PORT must be an integer/);
    refuses({ TRUSTED_PROXIES: '127.0.0.1 proxy' }, /^TRUSTED_PROXIES: "proxy"/);
  });
});
