/**
 * The sanitiser of everything the doctor prints: every control, bidi and other format character
 * becomes visible `\u{…}` text (terminal) or a `\uXXXX` escape (JSON, which then parses back to the
 * same value); printable text of any script stays as it is.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { terminalJson, terminalText } from './terminal-text.js';

/** Every character the issue named, and a few more of the same kinds. */
const UNSAFE: readonly string[] = [
  '\u0000',
  '\u0007', // BEL, which ends an OSC sequence
  '\t',
  '\n',
  '\r',
  '\u001b', // ESC
  '\u007f', // DEL
  '\u0085', // NEL
  '\u009b', // CSI as one C1 character
  '\u009d', // OSC as one C1 character
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b', // zero-width space
  '\ufeff', // BOM
  '\u{e0041}', // a tag character
  '\ud800', // a lone surrogate
];

/** Any of them, raw; `\n` allowed where the JSON's own indentation has it. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

test('terminalText: each unsafe character is written as \\u{…}', () => {
  for (const char of UNSAFE) {
    const escaped = terminalText(`a${char}b`);
    assert.doesNotMatch(escaped, RAW, JSON.stringify(char));
    assert.equal(escaped, `a\\u{${(char.codePointAt(0) ?? 0).toString(16)}}b`);
  }
  assert.equal(terminalText('\u001b]0;pwned\u0007'), '\\u{1b}]0;pwned\\u{7}');
});

test('terminalText: printable text of any script is kept', () => {
  const text = 'https://shop.example/päy?q=日本語 😀 — «ok» ١٢٣';
  assert.equal(terminalText(text), text);
});

test('terminalJson: the same value once parsed, with none of the characters raw', () => {
  const value = { cause: UNSAFE.join('x'), list: ['\u202e', '\u2028'], n: 1 };
  for (const indent of [undefined, 2]) {
    const json = terminalJson(value, indent);
    assert.doesNotMatch(json.replaceAll('\n', ''), RAW);
    assert.deepEqual(JSON.parse(json), value);
  }
  assert.match(terminalJson('\u2028\u202e\u007f\u009b'), /^"\\u2028\\u202e\\u007f\\u009b"$/);
  assert.equal(terminalJson('\u{e0041}'), '"\\udb40\\udc41"');
});
