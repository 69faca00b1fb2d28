/**
 * Policies as browsers parse them (commas between policies, the first of two same-named directives,
 * case-insensitive names, what a `<meta>` cannot carry), the fallback from each fetch's directive to
 * `default-src`, every policy applying, and the `trusted-types` check.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  effectiveDirective,
  forbiddenTrustedTypes,
  parseHeaderPolicies,
  parsePolicy,
  type Policy,
  refusal,
  scriptRefusal,
} from './csp-policy.js';

const PAGE = new URL('https://shop.example/');
const policy = (text: string): Policy => {
  const parsed = parsePolicy(text, 'header');
  assert.ok(parsed, text);
  return parsed;
};

test('directives: case-insensitive names, the first of two wins, empty and malformed tokens skipped', () => {
  const parsed = policy(
    " Connect-Src https://a.example ;; connect-src https://b.example; DEFAULT-SRC 'self' ; bad/name x",
  );
  assert.deepEqual(
    [...parsed.directives],
    [
      ['connect-src', ['https://a.example']],
      ['default-src', ["'self'"]],
    ],
  );
  assert.equal(parsePolicy(' ; ', 'header'), null);
});

test('a <meta> policy drops frame-ancestors, report-uri and sandbox', () => {
  const meta = parsePolicy("frame-ancestors 'none'; sandbox; report-uri /r; script-src 'self'", 'meta');
  assert.deepEqual([...(meta?.directives.keys() ?? [])], ['script-src']);
});

test('header values: each comma starts another policy, and several headers join into one list', () => {
  const policies = parseHeaderPolicies(["connect-src 'self', connect-src https://api.example", "frame-src 'none'"]);
  assert.equal(policies.length, 3);
});

test('fallbacks: connect-src and frame-src (through child-src) and script-src-elem to default-src', () => {
  const full = policy("default-src 'self'; child-src https://c.example; script-src https://s.example");
  assert.equal(effectiveDirective(full, 'connect')?.name, 'default-src');
  assert.equal(effectiveDirective(full, 'frame')?.name, 'child-src');
  assert.equal(effectiveDirective(full, 'script')?.name, 'script-src');
  const elem = policy("script-src 'none'; script-src-elem https://s.example; frame-src https://f.example");
  assert.equal(effectiveDirective(elem, 'script')?.name, 'script-src-elem');
  assert.equal(effectiveDirective(elem, 'frame')?.name, 'frame-src');
  assert.equal(effectiveDirective(elem, 'connect'), null);
});

test('every policy applies: the refusing one is named with its sources', () => {
  const url = new URL('https://api.example/v1/onramp');
  const policies = [policy("connect-src 'self' https://api.example"), policy("default-src 'self'")];
  assert.deepEqual(refusal(policies, 'connect', { url, page: PAGE })?.directive, "default-src 'self'");
  assert.equal(refusal(policies.slice(0, 1), 'connect', { url, page: PAGE }), null);
  assert.equal(refusal([policy("img-src 'none'")], 'connect', { url, page: PAGE }), null, 'no directive: allowed');
  assert.equal(refusal([], 'frame', { url, page: PAGE }), null);
});

test('script refusals go through the script-element rules', () => {
  const url = new URL('https://cdn.example/onramp-checkout.iife.js');
  const policies = [policy("script-src 'self' 'nonce-abc'")];
  assert.equal(scriptRefusal(policies, { url, page: PAGE })?.directive, "script-src 'self' 'nonce-abc'");
  assert.equal(scriptRefusal(policies, { url, page: PAGE, nonce: 'abc' }), null);
});

test('trusted-types: the names no policy lets the page create', () => {
  const names = ['lit-html', 'onramp-checkout'];
  assert.deepEqual(forbiddenTrustedTypes([policy("script-src 'self'")], names), []);
  assert.deepEqual(forbiddenTrustedTypes([policy('trusted-types lit-html')], names), ['onramp-checkout']);
  assert.deepEqual(forbiddenTrustedTypes([policy('trusted-types lit-html onramp-checkout vue')], names), []);
  assert.deepEqual(forbiddenTrustedTypes([policy("trusted-types * 'allow-duplicates'")], names), []);
  assert.deepEqual(forbiddenTrustedTypes([policy("trusted-types 'none'")], names), names);
  assert.deepEqual(forbiddenTrustedTypes([policy('trusted-types')], names), names);
  assert.deepEqual(forbiddenTrustedTypes([policy('trusted-types *'), policy('trusted-types onramp-checkout')], names), [
    'lit-html',
  ]);
});
