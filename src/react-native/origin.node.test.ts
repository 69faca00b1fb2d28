/**
 * The React Native component's origin reader (`origin.ts`) against Node's WHATWG `URL`: whenever it
 * names an origin, it is the one a browser reads; for the canonical URLs engines report, it names
 * it. The navigation rule (`navigation.ts`) and the message gate (`message-gate.ts`) on top of it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import { acceptMessage } from './message-gate.js';
import { decideNavigation, mayOpenOutside } from './navigation.js';
import { originOf, schemeOf } from './origin.js';

const whatwgOrigin = (url: string): string | null => {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
};

test('origins: the WHATWG reading, or none for what a parser would rewrite', () => {
  const cases: [string, string | null][] = [
    ['https://checkout.example/pay/cs_1?t=abc', 'https://checkout.example'],
    ['https://checkout.example', 'https://checkout.example'],
    ['HTTPS://Checkout.Example:443/', 'https://checkout.example'],
    ['http://127.0.0.1:8788/pay', 'http://127.0.0.1:8788'],
    ['http://localhost:80/', 'http://localhost'],
    ['https://checkout.example:0443/', 'https://checkout.example'],
    ['https://checkout.example:8443#x', 'https://checkout.example:8443'],
    ['https://checkout.example:/', 'https://checkout.example'],
    // The user's part ends at the last @: the host is what follows it.
    ['https://checkout.example@evil.example/', 'https://evil.example'],
    ['https://a@b@evil.example/', 'https://evil.example'],
    ['https://user:pass@checkout.example/', 'https://checkout.example'],
    // A backslash ends the authority for a browser; this reader names no origin then.
    ['https://evil.example\\@checkout.example/', null],
    ['https://checkout.example\\', null],
    ['https:/checkout.example/', null],
    ['https:checkout.example', null],
    [' https://checkout.example/', null],
    ['https://check\tout.example/', null],
    ['https://checkout.example:99999/', null],
    ['https://checkout.example:44a/', null],
    ['https://0x7f.1/', null],
    ['https://2130706433/', null],
    ['https://1.2.3/', null],
    ['https://[::1]:8788/', null],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example'],
    ['https://bücher.example/', null],
    ['https://%63heckout.example/', null],
    ['https:///', null],
    ['ftp://checkout.example/', null],
    ['myapp://onramp/done', null],
    ['about:blank', null],
    ['javascript:alert(1)//https://checkout.example', null],
    ['', null],
  ];
  for (const [url, origin] of cases) {
    assert.equal(originOf(url), origin, url);
    if (origin !== null) assert.equal(whatwgOrigin(url), origin, `${url} (WHATWG)`);
  }
});

test('origins: never one a browser would not read, and always the one of a canonical URL', () => {
  const urls = fc.oneof(
    fc.webUrl({
      withQueryParameters: true,
      withFragments: true,
      authoritySettings: { withUserInfo: true, withPort: true },
    }),
    fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTPS', 'ftp'),
        fc.constantFrom('://', ':/', ':\\\\', '://x\\@', '://a@'),
        fc.stringMatching(/^[A-Za-z0-9.@:\\[\]%-]{0,24}$/),
        fc.constantFrom('', '/', '/p?q#f', '\\x'),
      )
      .map((parts) => parts.join('')),
  );
  fc.assert(
    fc.property(urls, (url) => {
      const ours = originOf(url);
      if (ours !== null) assert.equal(ours, whatwgOrigin(url), url);
      const parsed = URL.canParse(url) ? new URL(url) : null;
      // Canonical, with a host by name or dotted IPv4 (no empty label, no IPv6 literal).
      const named = parsed !== null && /^[^.[](\.?[^.])*\.?$/.test(parsed.hostname);
      if (parsed && named && parsed.href === url && /^https?:$/.test(parsed.protocol))
        assert.equal(ours, parsed.origin, `${url} is canonical`);
    }),
    { numRuns: 300 },
  );
});

test('schemes: lower-cased, or none', () => {
  assert.equal(schemeOf('MyApp://onramp/done'), 'myapp');
  assert.equal(schemeOf('mailto:help@checkout.example'), 'mailto');
  assert.equal(schemeOf('//checkout.example'), null);
  assert.equal(schemeOf(' javascript:x'), null);
});

const ORIGINS = ['https://checkout.example'];

test('navigation: the main frame stays on the checkout origin, anything else is opened outside or refused', () => {
  const cases: [string, boolean | undefined, string][] = [
    ['https://checkout.example/pay/cs_1?t=abc', true, 'load'],
    ['https://checkout.example/pay/cs_1?t=abc', undefined, 'load'],
    ['https://CHECKOUT.example:443/done', true, 'load'],
    ['about:blank', true, 'load'],
    ['http://checkout.example/pay', true, 'open-outside'],
    ['https://checkout.example:8443/pay', true, 'open-outside'],
    ['https://checkout.example.evil.example/', true, 'open-outside'],
    ['https://checkout.example@evil.example/', undefined, 'open-outside'],
    ['https://shop.example/order/1?onramp_status=completed', true, 'open-outside'],
    ['myapp://onramp/done?onramp_session_id=cs_1', true, 'open-outside'],
    ['MyApp://onramp/done', undefined, 'open-outside'],
    ['mailto:help@checkout.example', true, 'open-outside'],
    ['javascript:alert(1)', true, 'refuse'],
    ['data:text/html,<p>x', true, 'refuse'],
    ['file:///etc/hosts', true, 'refuse'],
    ['blob:https://checkout.example/1', true, 'refuse'],
    ['intent://pay#Intent;scheme=x;end', undefined, 'refuse'],
    ['about:srcdoc', true, 'refuse'],
    ['not a url', true, 'refuse'],
    // Frames inside the page: the web's schemes load (a card challenge on the bank's origin), never an app.
    ['https://3ds.bank.example/challenge', false, 'load'],
    ['about:srcdoc', false, 'load'],
    ['data:text/html,<p>x', false, 'load'],
    ['myapp://onramp/done', false, 'refuse'],
    ['intent://pay#Intent;end', false, 'refuse'],
    ['javascript:alert(1)', false, 'refuse'],
  ];
  for (const [url, isTopFrame, decision] of cases)
    assert.equal(decideNavigation({ url, isTopFrame }, ORIGINS), decision, `${url} (top frame: ${isTopFrame})`);
  // The URL the app gave, when it is not the checkout's (a page of the merchant's that redirects there).
  assert.equal(
    decideNavigation({ url: 'https://shop.example/pay', isTopFrame: true }, [...ORIGINS, 'https://shop.example']),
    'load',
  );
});

test('new windows: handed to the app unless their scheme is never opened', () => {
  assert.ok(mayOpenOutside('https://bank.example/help'));
  assert.ok(mayOpenOutside('myapp://x'));
  for (const url of ['javascript:alert(1)', 'about:blank', 'data:text/html,x', 'intent://x', ''])
    assert.ok(!mayOpenOutside(url));
});

const READY = JSON.stringify({
  source: 'onramp-checkout',
  version: 1,
  type: 'ready',
  sessionId: 'cs_1',
  status: 'pending',
});

test('messages: a contract message from the checkout origin while it is shown, nothing else', () => {
  const shown = 'https://checkout.example/pay/cs_1?t=abc';
  const origin = 'https://checkout.example';
  assert.deepEqual(acceptMessage({ data: READY, url: shown }, shown, origin), JSON.parse(READY));
  // Android names the posting frame's origin only.
  assert.ok(acceptMessage({ data: READY, url: 'https://checkout.example' }, shown, origin));
  assert.equal(acceptMessage({ data: READY, url: 'https://evil.example' }, shown, origin), null, 'another frame');
  assert.equal(acceptMessage({ data: READY }, shown, origin), null, 'no sender');
  assert.equal(acceptMessage({ data: READY, url: shown }, 'https://evil.example/', origin), null, 'another page shown');
  assert.equal(
    acceptMessage({ data: READY, url: shown }, shown, 'https://shop.example'),
    null,
    'another origin expected',
  );
  for (const data of ['{', '"ready"', JSON.stringify({ type: 'ready' }), READY.replace('"version":1', '"version":2')])
    assert.equal(acceptMessage({ data, url: shown }, shown, origin), null, data);
  const extra = JSON.stringify({ ...(JSON.parse(READY) as object), clientSecret: 'cs_1_secret_x' });
  assert.equal(acceptMessage({ data: extra, url: shown }, shown, origin), null, 'a field the contract has not');
});
