/**
 * One list of `return_url` cases (docs/design.md §10), each with the verdict the rule gives: the
 * contract's request schema and the API are both checked against it (test/sandbox/return-url.test.ts),
 * so they cannot drift apart.
 */

export interface ReturnUrlCase {
  url: string;
  allowed: boolean;
  /** Why, in a few words (the test's message). */
  why: string;
}

const long = (start: string, length: number): string => `${start}${'a'.repeat(length - start.length)}`;

export const RETURN_URL_CASES: readonly ReturnUrlCase[] = [
  // Web pages: https anywhere, http on loopback only (as before).
  { url: 'https://shop.example/thanks?o=1', allowed: true, why: 'https' },
  { url: 'https://wallet.example/onramp/done', allowed: true, why: 'a universal link / app link (plain https)' },
  { url: 'HTTPS://Shop.Example/Back', allowed: true, why: 'the scheme in capitals is still https' },
  { url: 'http://localhost:5173/done', allowed: true, why: 'http on localhost' },
  { url: 'http://127.0.0.1:8080/', allowed: true, why: 'http on 127.0.0.1' },
  { url: 'http://[::1]:3000/back', allowed: true, why: 'http on [::1]' },
  { url: 'http://example.com', allowed: false, why: 'http off loopback' },
  { url: 'http://shop.example/done', allowed: false, why: 'http off loopback' },
  { url: 'HTTP://shop.example/done', allowed: false, why: 'http off loopback, in capitals' },
  { url: 'http://localhost.shop.example/', allowed: false, why: 'a host that only starts like localhost' },
  { url: 'https:shop.example/back', allowed: false, why: 'https without //' },
  // An app's own scheme, with //.
  { url: 'myapp://onramp/done', allowed: true, why: 'an app’s own scheme' },
  { url: 'MyApp://onramp/done?order=42', allowed: true, why: 'an app’s scheme in another case, a query of its own' },
  { url: 'com.example.wallet://onramp', allowed: true, why: 'a reverse-domain scheme (letters, digits, + . -)' },
  { url: 'wallet+v2://done', allowed: true, why: 'a scheme with +' },
  { url: 'myapp:no-slashes', allowed: false, why: 'a scheme without //' },
  { url: 'myapp:/one-slash', allowed: false, why: 'a scheme with one /' },
  { url: '1app://done', allowed: false, why: 'a scheme must start with a letter' },
  { url: 'my_app://done', allowed: false, why: '_ is not a scheme character' },
  // Schemes that run, read or hand off something in the browser: never.
  { url: 'javascript:alert(1)', allowed: false, why: 'javascript:' },
  { url: 'JavaScript:alert(1)', allowed: false, why: 'javascript: in another case' },
  { url: 'javascript://%0Aalert(1)', allowed: false, why: 'javascript: with //' },
  { url: 'JAVASCRIPT://x', allowed: false, why: 'javascript: with //, in capitals' },
  { url: ' javascript://x', allowed: false, why: 'javascript: after a space' },
  { url: '\u0001javascript://x', allowed: false, why: 'javascript: after a control character' },
  { url: 'intent://scan/#Intent;scheme=zxing;package=com.example;end', allowed: false, why: 'intent:' },
  { url: 'Intent://x#Intent;end', allowed: false, why: 'intent: in another case' },
  { url: 'data:text/html,<script>alert(1)</script>', allowed: false, why: 'data:' },
  { url: 'data://text/html,x', allowed: false, why: 'data: with //' },
  { url: 'file:///etc/passwd', allowed: false, why: 'file:' },
  { url: 'blob:https://shop.example/0b7f9c3e', allowed: false, why: 'blob:' },
  { url: 'vbscript:msgbox(1)', allowed: false, why: 'vbscript:' },
  { url: 'VBScript://x', allowed: false, why: 'vbscript: with //, in another case' },
  { url: 'about:blank', allowed: false, why: 'about:' },
  { url: 'about://blank', allowed: false, why: 'about: with //' },
  // Not URLs at all, and the length bound (2000 characters, as before).
  { url: '', allowed: false, why: 'empty' },
  { url: '/orders/1042', allowed: false, why: 'a path alone' },
  { url: 'shop.example/back', allowed: false, why: 'no scheme' },
  { url: long('https://shop.example/', 2000), allowed: true, why: '2000 characters' },
  { url: long('https://shop.example/', 2001), allowed: false, why: '2001 characters' },
  { url: long('myapp://onramp/', 2000), allowed: true, why: 'a scheme URL of 2000 characters' },
  { url: long('myapp://onramp/', 2001), allowed: false, why: 'a scheme URL of 2001 characters' },
];
