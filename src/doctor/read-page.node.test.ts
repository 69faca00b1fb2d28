/**
 * What the doctor reads from a page: the elements with their attributes (React's lower-cased
 * spellings as aliases, the last one written winning as in the element), the data block's
 * `redirect_url`, the widget's script tags resolved against `<base>`, and the head's CSP `<meta>`s.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPage } from './read-page.js';

const PAGE = new URL('https://shop.example/checkout/page');

test('elements: dashed names and their lower-cased aliases, the later one written winning', () => {
  const { elements } = readPage(
    `<body><onramp-checkout publishablekey="onramp_test_pk_a" client-secret="ors_1_secret_2"
       apiBase="https://api.example" api-base="https://later.example" checkoutorigin="https://c.example"
       redirecturl="https://c.example/pay/1" mode="popup"></onramp-checkout>
     <ONRAMP-CHECKOUT PUBLISHABLE-KEY="k2"></ONRAMP-CHECKOUT>`,
    PAGE,
  );
  assert.equal(elements.length, 2);
  const [first, second] = elements;
  assert.deepEqual(Object.fromEntries(first!.config), {
    'publishable-key': 'onramp_test_pk_a',
    'client-secret': 'ors_1_secret_2',
    'api-base': 'https://later.example',
    'checkout-origin': 'https://c.example',
    'redirect-url': 'https://c.example/pay/1',
  });
  assert.equal(first!.attributes.get('mode'), 'popup');
  assert.equal(first!.line, 1);
  assert.deepEqual({ index: second!.index, line: second!.line }, { index: 2, line: 4 });
  assert.equal(second!.config.get('publishable-key'), 'k2');
});

test("the data block's redirect_url, only from the element's own JSON child", () => {
  const { elements } = readPage(
    `<onramp-checkout client-secret="s">
       <template shadowrootmode="open"><div><script type="application/json">{"session":{"redirect_url":"https://deep"}}</script></div></template>
       <script type="application/json">{"session":{"redirect_url":"https://c.example/pay/x?t=1"}}</script>
     </onramp-checkout>
     <onramp-checkout><script type="application/json">not json</script></onramp-checkout>
     <script type="application/json">{"session":{"redirect_url":"https://outside"}}</script>`,
    PAGE,
  );
  assert.equal(elements[0]?.dataBlockRedirectUrl, 'https://c.example/pay/x?t=1');
  assert.equal(elements[1]?.dataBlockRedirectUrl, undefined);
});

test('script tags whose src names the package, resolved against a <base> above them', () => {
  const { scripts } = readPage(
    `<head>
      <script src="/dist/onramp-checkout.iife.js" integrity="sha384-x" crossorigin nonce="n1"></script>
      <base href="https://cdn.example/lib/">
      <script src="onramp-checkout.hydrate.iife.js"></script>
      <script src="/other.js"></script>
      <script type="application/json" src="onramp-checkout.json"></script>
      <script type="module" src="https://esm.example/onramp-checkout@1/define.js"></script>
    </head>`,
    PAGE,
  );
  assert.deepEqual(
    scripts.map((script) => script.url?.href),
    [
      'https://shop.example/dist/onramp-checkout.iife.js',
      'https://cdn.example/lib/onramp-checkout.hydrate.iife.js',
      'https://esm.example/onramp-checkout@1/define.js',
    ],
  );
  assert.deepEqual(
    { integrity: scripts[0]?.integrity, crossorigin: scripts[0]?.crossorigin, nonce: scripts[0]?.nonce },
    { integrity: 'sha384-x', crossorigin: '', nonce: 'n1' },
  );
  assert.equal(scripts[1]?.crossorigin, undefined);
});

test('CSP <meta> only in the head; a Report-Only one is noted, not read', () => {
  const reading = readPage(
    `<!doctype html><html><head>
      <meta charset="utf-8">
      <meta http-equiv="content-security-policy" content="script-src 'self'">
      <meta http-equiv="Content-Security-Policy-Report-Only" content="default-src 'none'">
      <title>x</title>
    </head><body>
      <meta http-equiv="Content-Security-Policy" content="connect-src 'none'">
    </body></html>`,
    PAGE,
  );
  assert.deepEqual(reading.metaPolicies, ["script-src 'self'"]);
  assert.equal(reading.notes.length, 1);
});

test('the head ends where the body starts implicitly: at text or an element of the body', () => {
  assert.deepEqual(
    readPage(`<title>t</title>hello<meta http-equiv="Content-Security-Policy" content="a">`, PAGE).metaPolicies,
    [],
  );
  assert.deepEqual(
    readPage(`<div></div><meta http-equiv="Content-Security-Policy" content="a">`, PAGE).metaPolicies,
    [],
  );
  assert.deepEqual(readPage(`<meta http-equiv="Content-Security-Policy" content="a">`, PAGE).metaPolicies, ['a']);
});
