/**
 * The framework demo pages are served under the shop's strict CSP; the only difference allowed is
 * Vue's own Trusted Types policy name on the Vue page.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';

let demo: DemoHandle;

before(async () => {
  demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
});

after(async () => {
  await demo.close();
});

async function csp(path: string): Promise<string> {
  const response = await fetch(`${demo.url}${path}`);
  assert.equal(response.status, 200, path);
  assert.match(response.headers.get('Content-Type') ?? '', /^text\/html/);
  await response.text();
  return response.headers.get('Content-Security-Policy') ?? '';
}

test('every framework page has the shop page CSP, the Vue page with `vue` added to trusted-types only', async () => {
  const shop = await csp('/');
  assert.match(shop, /require-trusted-types-for 'script'; trusted-types lit-html onramp-checkout$/);
  for (const name of ['react', 'svelte', 'angular-style']) assert.equal(await csp(`/demo/${name}`), shop, name);
  assert.equal(await csp('/demo/vue'), `${shop} vue`);
});

test('each framework page loads its own built script and links back to the shop', async () => {
  for (const name of ['react', 'vue', 'svelte', 'angular-style']) {
    const html = await (await fetch(`${demo.url}/demo/${name}`)).text();
    assert.match(html, new RegExp(`<script src="/dist/demo/${name}\\.js" type="module"></script>`));
    assert.match(html, /<a href="\/">/);
    assert.match(html, /<div id="app"><\/div>/);
  }
});
