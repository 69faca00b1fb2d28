/**
 * The page's CSP against what the widget does: the API in connect-src (both endpoints), the
 * checkout in frame-src (its session address when known; not in popup or redirect mode), the
 * script tag in script-src, and both Trusted Types names; each finding names the value to add.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementCspFindings, scriptCspFindings, trustedTypesFindings } from './csp-checks.js';
import { parseHeaderPolicies, type Policy } from './csp-policy.js';
import { checkElement } from './element-checks.js';
import { readPage } from './read-page.js';

const PAGE = new URL('https://shop.example/cart');
const ELEMENT = `<onramp-checkout publishable-key="onramp_live_pk_a1" client-secret="ors_1_secret_2"
  api-base="https://api.onramp.example/" checkout-origin="https://checkout.onramp.example"`;

function elementFindings(csp: string, extra = ''): { code: string; cause: string; fix: string }[] {
  const [element] = readPage(`${ELEMENT} ${extra}></onramp-checkout>`, PAGE).elements;
  assert.ok(element);
  return elementCspFindings(parseHeaderPolicies([csp]), PAGE, checkElement(element, PAGE));
}

const ALLOWING =
  "default-src 'self'; connect-src https://api.onramp.example; frame-src https://checkout.onramp.example";

test('a policy that allows the API and the checkout: nothing to report', () => {
  assert.deepEqual(elementFindings(ALLOWING), []);
  assert.deepEqual(elementFindings(''), []);
});

test('connect-src without the API: the refusing directive, the URL refused and the origin to add', () => {
  const [found, ...rest] = elementFindings("default-src 'self'; frame-src https://checkout.onramp.example");
  assert.deepEqual(rest, []);
  assert.equal(found?.code, 'CSP_CONNECT_SRC');
  assert.match(
    found?.cause ?? '',
    /\(default-src 'self'\) refused the request to https:\/\/api\.onramp\.example\/v1\/onramp\./,
  );
  assert.match(found?.fix ?? '', /^Add https:\/\/api\.onramp\.example to the connect-src directive/);
});

test('connect-src allowing only the status path still refuses the quote endpoint', () => {
  const [found] = elementFindings(
    'connect-src https://api.onramp.example/v1/onramp; frame-src https://checkout.onramp.example',
  );
  assert.equal(found?.code, 'CSP_CONNECT_SRC');
  assert.match(found?.cause ?? '', /\/v1\/onramp\/quote/);
});

test("frame-src 'none' is a warning naming the checkout origin; popup and redirect modes frame nothing", () => {
  const csp = "connect-src https://api.onramp.example; frame-src 'none'";
  const [found] = elementFindings(csp);
  assert.equal(found?.code, 'CSP_FRAME_SRC');
  assert.match(found?.fix ?? '', /^Add https:\/\/checkout\.onramp\.example to the frame-src directive/);
  assert.deepEqual(elementFindings(csp, 'mode="popup"'), []);
  assert.deepEqual(elementFindings(csp, 'mode="redirect"'), []);
});

test('frame-src with a path is checked against the session address, never printed with its token', () => {
  const csp = 'connect-src https://api.onramp.example; frame-src https://checkout.onramp.example/pay/';
  assert.deepEqual(elementFindings(csp, 'redirect-url="https://checkout.onramp.example/pay/ors_1?t=tok"'), []);
  const [found] = elementFindings(csp);
  assert.equal(found?.code, 'CSP_FRAME_SRC');
  assert.doesNotMatch(
    JSON.stringify(elementFindings(csp, 'redirect-url="https://checkout.onramp.example/x?t=tok"')),
    /tok/,
  );
});

test('script-src: the script tag URL, its nonce, the origin to add', () => {
  const policies: Policy[] = parseHeaderPolicies(["script-src 'self' 'nonce-n0nce'"]);
  const { scripts } = readPage(
    `<script src="https://cdn.example/onramp-checkout@1/dist/onramp-checkout.iife.js"></script>
     <script src="https://cdn.example/onramp-checkout@1/dist/onramp-checkout.hydrate.iife.js" nonce="n0nce"></script>
     <script src="/dist/onramp-checkout.iife.js"></script>`,
    PAGE,
  );
  const found = scriptCspFindings(policies, PAGE, scripts);
  assert.deepEqual(
    found.map((item) => item.code),
    ['CSP_SCRIPT_SRC'],
  );
  assert.match(found[0]?.fix ?? '', /Add the script's origin \(https:\/\/cdn\.example\)/);
});

test('trusted-types must list lit-html and onramp-checkout (or *)', () => {
  const found = trustedTypesFindings(
    parseHeaderPolicies(["require-trusted-types-for 'script'; trusted-types lit-html"]),
  );
  assert.deepEqual(
    found.map((item) => item.code),
    ['CSP_TRUSTED_TYPES'],
  );
  assert.match(found[0]?.fix ?? '', /^Add onramp-checkout to the trusted-types directive/);
  assert.match(
    trustedTypesFindings(parseHeaderPolicies(["trusted-types 'none'"]))[0]?.fix ?? '',
    /^Add lit-html onramp-checkout to/,
  );
  assert.deepEqual(trustedTypesFindings(parseHeaderPolicies(['trusted-types lit-html onramp-checkout'])), []);
  assert.deepEqual(trustedTypesFindings(parseHeaderPolicies(["require-trusted-types-for 'script'"])), []);
});
