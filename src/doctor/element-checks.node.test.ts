/**
 * One element's attributes, checked with the widget's rules: the credentials, the provider's origins
 * (a test key on a loopback page may rely on the local sandbox, nothing else may), `redirect_url`
 * on the checkout origin, and a live key on a page that is not https, on pages no test can serve
 * from loopback (`https://shop.example`, `http://shop.test`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkElement, type CheckedElement } from './element-checks.js';
import { readPage } from './read-page.js';

const TEST_KEY = 'onramp_test_pk_abc123';
const LIVE_KEY = 'onramp_live_pk_abc123';
const SECRET = 'ors_1a2b_secret_3c4d';
const ORIGINS = 'api-base="https://api.onramp.example" checkout-origin="https://checkout.onramp.example"';

function check(attributes: string, page = 'https://shop.example/cart', inside = ''): CheckedElement {
  const url = new URL(page);
  const [element] = readPage(`<onramp-checkout ${attributes}>${inside}</onramp-checkout>`, url).elements;
  assert.ok(element);
  return checkElement(element, url);
}
const codes = (checked: CheckedElement): string[] => checked.findings.map((found) => found.code);

test('a complete element on an https page: no finding, and the origins it calls', () => {
  const checked = check(`publishable-key="${LIVE_KEY}" client-secret="${SECRET}" ${ORIGINS}`);
  assert.deepEqual(codes(checked), []);
  assert.equal(checked.apiBase, 'https://api.onramp.example');
  assert.equal(checked.checkoutOrigin, 'https://checkout.onramp.example');
});

test('the credentials, with the widget own precedence: a secret key first', () => {
  assert.deepEqual(codes(check(`publishable-key="onramp_test_sk_abc" client-secret="${SECRET}" ${ORIGINS}`)), [
    'SECRET_KEY_REFUSED',
  ]);
  assert.deepEqual(codes(check(`publishable-key="${SECRET}" client-secret="${TEST_KEY}" ${ORIGINS}`)), [
    'KEY_AND_SECRET_SWAPPED',
  ]);
  assert.deepEqual(codes(check(`publishable-key="pk_123" client-secret="${SECRET}" ${ORIGINS}`)), [
    'INVALID_PUBLISHABLE_KEY',
  ]);
  assert.deepEqual(codes(check(`publishable-key="${TEST_KEY}" client-secret="secret" ${ORIGINS}`)), [
    'INVALID_CLIENT_SECRET',
  ]);
  // Amount first: the session is made in the browser, so no client secret is written.
  assert.deepEqual(codes(check(`publishable-key="${TEST_KEY}" session-url="/api/session" ${ORIGINS}`)), []);
});

test('React-style lower-cased attribute names are read like the dashed ones', () => {
  const checked = check(
    `publishablekey="${TEST_KEY}" clientsecret="${SECRET}" apibase="https://api.onramp.example" checkoutorigin="https://checkout.onramp.example"`,
  );
  assert.deepEqual(codes(checked), []);
});

test('without api-base and checkout-origin: fine for a test key on a loopback page (the local sandbox), missing elsewhere', () => {
  for (const page of ['http://127.0.0.1:8080/', 'http://localhost:3000/', 'http://[::1]:3000/']) {
    const checked = check(`publishable-key="${TEST_KEY}" client-secret="${SECRET}"`, page);
    assert.deepEqual(codes(checked), [], page);
    assert.equal(checked.apiBase, 'http://127.0.0.1:8787');
  }
  const away = check(`publishable-key="${TEST_KEY}" client-secret="${SECRET}"`, 'https://shop.example/');
  assert.deepEqual(codes(away), ['MISSING_API_BASE', 'MISSING_CHECKOUT_ORIGIN']);
  assert.match(away.findings[0]?.cause ?? '', /page https:\/\/shop\.example is not a loopback page/);
  const live = check(`publishable-key="${LIVE_KEY}" client-secret="${SECRET}"`, 'http://127.0.0.1:8080/');
  assert.deepEqual(codes(live), ['MISSING_API_BASE', 'MISSING_CHECKOUT_ORIGIN']);
});

test('origins the widget would not use: INVALID_API_BASE and INVALID_CHECKOUT_ORIGIN name the value', () => {
  const checked = check(
    `publishable-key="${TEST_KEY}" client-secret="${SECRET}" api-base="http://api.onramp.example" checkout-origin="/checkout"`,
  );
  assert.deepEqual(codes(checked), ['INVALID_API_BASE', 'INVALID_CHECKOUT_ORIGIN']);
  assert.match(checked.findings[0]?.cause ?? '', /api-base is "http:\/\/api\.onramp\.example"/);
  assert.equal(checked.apiBase, null);
});

test('redirect_url off checkout-origin, from the attribute or the data block: the fix names its origin', () => {
  const attribute = check(
    `publishable-key="${TEST_KEY}" client-secret="${SECRET}" ${ORIGINS} redirect-url="https://pay.elsewhere.example/pay/ors_1?t=x"`,
  );
  assert.deepEqual(codes(attribute), ['UNSAFE_REDIRECT_URL']);
  assert.match(attribute.findings[0]?.fix ?? '', /checkout-origin="https:\/\/pay\.elsewhere\.example"/);
  const block = check(
    `publishable-key="${TEST_KEY}" client-secret="${SECRET}" ${ORIGINS}`,
    undefined,
    '<script type="application/json">{"session":{"redirect_url":"javascript:alert(1)"}}</script>',
  );
  assert.deepEqual(codes(block), ['UNSAFE_REDIRECT_URL']);
  const fine = check(
    `publishable-key="${TEST_KEY}" client-secret="${SECRET}" ${ORIGINS} redirect-url="https://checkout.onramp.example/pay/ors_1?t=x"`,
  );
  assert.deepEqual(codes(fine), []);
  assert.equal(fine.redirectUrl, 'https://checkout.onramp.example/pay/ors_1?t=x');
});

test('a live key on a page that is neither https nor loopback', () => {
  const insecure = check(`publishable-key="${LIVE_KEY}" client-secret="${SECRET}" ${ORIGINS}`, 'http://shop.test/');
  assert.deepEqual(codes(insecure), ['LIVE_KEY_INSECURE_PAGE']);
  assert.match(insecure.findings[0]?.cause ?? '', /The page http:\/\/shop\.test is not served over https/);
  assert.deepEqual(
    codes(check(`publishable-key="${TEST_KEY}" client-secret="${SECRET}" ${ORIGINS}`, 'http://shop.test/')),
    [],
  );
  assert.deepEqual(
    codes(check(`publishable-key="${LIVE_KEY}" client-secret="${SECRET}" ${ORIGINS}`, 'http://localhost:3000/')),
    [],
  );
});

test('an element with neither key nor secret written is set up by a script: noted, not reported', () => {
  const checked = check('', 'https://shop.example/');
  assert.deepEqual(codes(checked), []);
  assert.match(checked.note ?? '', /properties are set by a script/);
  assert.deepEqual(codes(check('api-base="http://api.onramp.example"')), ['INVALID_API_BASE']);
});
