/**
 * The tag scanner reads tags and attributes as a browser's tokenizer does: names lower-cased, the
 * first of two same-named attributes, every quoting style, character references in values; nothing
 * inside comments or raw-text elements is a tag.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attribute, decodeAttributeValue, scanHtml, type StartTag } from './html-scan.js';

const starts = (html: string): StartTag[] =>
  scanHtml(html).filter((token): token is StartTag => token.kind === 'start');

test('attributes: double, single and unquoted values, bare names, lower-cased names, first one wins', () => {
  const [tag] = starts(
    `<ONRAMP-Checkout Publishable-Key="a b" client-secret='c"d' api-base=http://x/y?z=1 defer PUBLISHABLE-KEY=second>`,
  );
  assert.equal(tag?.name, 'onramp-checkout');
  assert.deepEqual(tag?.attributes, [
    ['publishable-key', 'a b'],
    ['client-secret', 'c"d'],
    ['api-base', 'http://x/y?z=1'],
    ['defer', ''],
  ]);
});

test('attributes across lines, with spaces around = and a self-closing slash', () => {
  const [tag] = starts('<meta\n  http-equiv = "Content-Security-Policy"\n  content=\n"default-src \'self\'" />');
  assert.equal(attribute(tag!, 'http-equiv'), 'Content-Security-Policy');
  assert.equal(attribute(tag!, 'content'), "default-src 'self'");
});

test('character references in values: named with or without ;, numeric, and a query left as written', () => {
  assert.equal(decodeAttributeValue('a&amp;b&lt;&gt;&quot;&#39;&#x41;'), 'a&b<>"\'A');
  assert.equal(decodeAttributeValue('?a=1&amp=2&copy=3&t=4'), '?a=1&amp=2&copy=3&t=4');
  assert.equal(decodeAttributeValue('x&amp y'), 'x& y');
  assert.equal(decodeAttributeValue('&#0;&#x110000;'), '\ufffd\ufffd');
  const [tag] = starts('<a href="/pay?x=1&amp;t=2">');
  assert.equal(attribute(tag!, 'href'), '/pay?x=1&t=2');
});

test('comments, doctypes and processing instructions hold no tags', () => {
  const names = starts('<!doctype html><!-- <onramp-checkout> --><!--><p><!---><b><?xml x?><i>').map((tag) => tag.name);
  assert.deepEqual(names, ['p', 'b', 'i']);
});

test('raw-text elements: their content is text, handed over, up to their own end tag only', () => {
  const tokens = scanHtml(
    '<script>if (a < b) document.write("<onramp-checkout>")</script ><style>p>b{}</style><title>x <b></title><p>',
  );
  const tags = tokens.filter((token): token is StartTag => token.kind === 'start');
  assert.deepEqual(
    tags.map((tag) => tag.name),
    ['script', 'style', 'title', 'p'],
  );
  assert.equal(tags[0]?.text, 'if (a < b) document.write("<onramp-checkout>")');
  assert.equal(tags[1]?.text, 'p>b{}');
  assert.ok(tokens.some((token) => token.kind === 'end' && token.name === 'script'));
});

test('a script that never ends takes the rest of the document', () => {
  const [script, ...rest] = starts('<script>let x = "</scripty>"; <onramp-checkout>');
  assert.equal(script?.text, 'let x = "</scripty>"; <onramp-checkout>');
  assert.deepEqual(rest, []);
});

test('end tags, stray < and text runs; line numbers count from 1', () => {
  const tokens = scanHtml('<p>\n a < b\n</p>\n<onramp-checkout\n  x>');
  assert.deepEqual(
    tokens.map((token) => `${token.kind}${'name' in token ? `:${token.name}` : ''}@${token.line}`),
    ['start:p@1', 'text@1', 'text@2', 'text@2', 'end:p@3', 'start:onramp-checkout@4'],
  );
});

test('unterminated tags and quotes do not throw', () => {
  for (const html of ['<a href="x', "<a href='", '<a b=', '<', '</', '</3>', '<!--', '<!', 'x<a'])
    assert.doesNotThrow(() => scanHtml(html), html);
});
