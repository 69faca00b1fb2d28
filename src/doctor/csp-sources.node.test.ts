/**
 * The CSP source-list matcher against CSP Level 3's rules: `*`, schemes and their secure upgrades,
 * hosts with `*.` wildcards, ports (`:*`, default ports), paths (exact, or a prefix ending in `/`,
 * percent-decoded), `'self'`, `'none'`; and the script-element rules (nonce, integrity hashes,
 * `'strict-dynamic'`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expressionMatches, pathPartMatches, scriptAllowed, sourceListAllows } from './csp-sources.js';

const HTTPS_PAGE = new URL('https://shop.example/checkout');
const HTTP_PAGE = new URL('http://127.0.0.1:8080/demo');

/** Whether `expression` lets `page` fetch `url`. */
const matches = (expression: string, url: string, page = HTTPS_PAGE): boolean =>
  expressionMatches(expression, { url: new URL(url), page });

describe('source expressions', () => {
  test('* matches http(s) and the page own scheme, not data: or blob:', () => {
    assert.ok(matches('*', 'https://any.example/x'));
    assert.ok(matches('*', 'http://any.example/x'));
    assert.ok(!matches('*', 'data:text/plain,x'));
    assert.ok(!matches('*', 'blob:https://shop.example/1'));
  });

  test('scheme sources, with the secure upgrades', () => {
    assert.ok(matches('https:', 'https://api.example/v1'));
    assert.ok(matches('HTTP:', 'https://api.example/v1'));
    assert.ok(!matches('https:', 'http://api.example/v1'));
    assert.ok(matches('wss:', 'wss://api.example/'));
    assert.ok(matches('ws:', 'https://api.example/'));
    assert.ok(matches('data:', 'data:text/plain,x'));
  });

  test('host sources: scheme, host and port as written; no scheme means the page scheme or its upgrade', () => {
    assert.ok(matches('https://api.example', 'https://api.example/v1/onramp'));
    assert.ok(matches('https://API.Example', 'https://api.example/v1/onramp'));
    assert.ok(!matches('https://api.example', 'http://api.example/v1/onramp'));
    assert.ok(!matches('https://api.example', 'https://api.example:8443/v1/onramp'));
    assert.ok(!matches('https://api.example', 'https://api.example.evil/v1/onramp'));
    assert.ok(matches('api.example', 'https://api.example/v1'));
    assert.ok(!matches('api.example', 'http://api.example/v1'));
    assert.ok(matches('api.example', 'http://api.example/v1', new URL('http://shop.example/')));
    assert.ok(matches('api.example', 'https://api.example/v1', new URL('http://shop.example/')));
    assert.ok(matches('http://api.example', 'https://api.example/v1'), 'http upgrades to https');
  });

  test('wildcard hosts match subdomains only', () => {
    assert.ok(matches('https://*.example.com', 'https://api.example.com/'));
    assert.ok(matches('https://*.example.com', 'https://a.b.example.com/'));
    assert.ok(!matches('https://*.example.com', 'https://example.com/'));
    assert.ok(!matches('https://*.example.com', 'https://badexample.com/'));
    assert.ok(matches('https://*', 'https://anything.example/'));
  });

  test('ports: explicit, the default one, or :*', () => {
    assert.ok(matches('http://127.0.0.1:8787', 'http://127.0.0.1:8787/v1/onramp', HTTP_PAGE));
    assert.ok(!matches('http://127.0.0.1:8787', 'http://127.0.0.1:8788/', HTTP_PAGE));
    assert.ok(!matches('http://127.0.0.1', 'http://127.0.0.1:8787/', HTTP_PAGE));
    assert.ok(matches('http://127.0.0.1:*', 'http://127.0.0.1:8787/', HTTP_PAGE));
    assert.ok(matches('https://api.example:443', 'https://api.example/'));
    assert.ok(matches('https://api.example:*', 'https://api.example:9/'));
  });

  test('paths: exact without a trailing slash, a directory with one, percent-decoded; the query never counts', () => {
    assert.ok(matches('https://cdn.example/lib/', 'https://cdn.example/lib/onramp-checkout.iife.js'));
    assert.ok(matches('https://cdn.example/lib/', 'https://cdn.example/lib/a/b.js'));
    assert.ok(!matches('https://cdn.example/lib/', 'https://cdn.example/other/x.js'));
    assert.ok(matches('https://cdn.example/lib/x.js', 'https://cdn.example/lib/x.js?v=2'));
    assert.ok(!matches('https://cdn.example/lib/x.js', 'https://cdn.example/lib/y.js'));
    assert.ok(!matches('https://cdn.example/lib', 'https://cdn.example/lib/x.js'));
    assert.ok(matches('https://cdn.example/l%69b/', 'https://cdn.example/lib/x.js'));
    assert.ok(pathPartMatches('/', ''));
    assert.ok(pathPartMatches('', '/anything'));
  });

  test("'self': the page origin, or the same host upgraded to https", () => {
    assert.ok(matches("'self'", 'https://shop.example/dist/x.js'));
    assert.ok(matches("'SELF'", 'https://shop.example/dist/x.js'));
    assert.ok(!matches("'self'", 'https://cdn.shop.example/x.js'));
    assert.ok(!matches("'self'", 'http://shop.example/x.js'));
    assert.ok(matches("'self'", 'https://shop.example/x.js', new URL('http://shop.example/')));
    assert.ok(matches("'self'", 'http://127.0.0.1:8080/dist/x.js', HTTP_PAGE));
    assert.ok(!matches("'self'", 'http://127.0.0.1:8787/v1', HTTP_PAGE));
  });

  test("keywords, nonces and hashes match no URL; 'none' and an empty list allow nothing", () => {
    for (const keyword of ["'unsafe-inline'", "'nonce-abc'", "'sha256-abc'", "'strict-dynamic'", "'none'"])
      assert.ok(!matches(keyword, 'https://shop.example/x.js'), keyword);
    const context = { url: new URL('https://shop.example/x'), page: HTTPS_PAGE };
    assert.ok(!sourceListAllows(["'none'"], context));
    assert.ok(!sourceListAllows([], context));
    assert.ok(sourceListAllows(["'none'", "'self'"], context));
  });
});

describe('script elements', () => {
  const script = (url: string, extra: { nonce?: string; integrity?: string } = {}) => ({
    url: new URL(url),
    page: HTTPS_PAGE,
    ...extra,
  });

  test('a matching nonce allows any URL; another nonce falls back to the URL', () => {
    assert.ok(scriptAllowed(["'nonce-r4nd0m'"], script('https://cdn.example/x.js', { nonce: 'r4nd0m' })));
    assert.ok(!scriptAllowed(["'nonce-r4nd0m'"], script('https://cdn.example/x.js', { nonce: 'other' })));
    assert.ok(!scriptAllowed(["'nonce-R4ND0M'"], script('https://cdn.example/x.js', { nonce: 'r4nd0m' })));
    assert.ok(scriptAllowed(["'nonce-a'", "'self'"], script('https://shop.example/x.js', { nonce: 'b' })));
  });

  test('integrity: allowed when every hash it lists is a hash source', () => {
    const sources = ["'sha384-AAA'", "'sha512-BBB'"];
    assert.ok(scriptAllowed(sources, script('https://cdn.example/x.js', { integrity: 'sha384-AAA' })));
    assert.ok(scriptAllowed(sources, script('https://cdn.example/x.js', { integrity: 'sha384-AAA sha512-BBB' })));
    assert.ok(!scriptAllowed(sources, script('https://cdn.example/x.js', { integrity: 'sha384-AAA sha512-CCC' })));
    assert.ok(!scriptAllowed(sources, script('https://cdn.example/x.js')));
  });

  test("'strict-dynamic': a script written in the page needs its nonce or hash, hosts no longer count", () => {
    const sources = ["'strict-dynamic'", "'nonce-n'", 'https://cdn.example', "'self'"];
    assert.ok(!scriptAllowed(sources, script('https://cdn.example/x.js')));
    assert.ok(!scriptAllowed(sources, script('https://shop.example/x.js')));
    assert.ok(scriptAllowed(sources, script('https://cdn.example/x.js', { nonce: 'n' })));
  });
});
