/** The build's Lit template minifier: static text only, whitespace that matters kept, a usable map. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editMap, minifyPart, minifyTemplates } from '../../scripts/build/minify-templates.js';

test('html: line-break runs collapse to a space, vanish between tags and at the ends', () => {
  const code =
    'const a = html`\n  <p class="x">\n    <strong>${n}</strong>\n    delivered ${where}\n  </p>\n  <p>two  spaces</p>\n`;';
  const out = minifyTemplates(code)!.code;
  // Next to an expression a space stays (it may separate inline text); other spaces are kept as written.
  assert.equal(out, 'const a = html`<p class="x"><strong>${n}</strong> delivered ${where} </p><p>two  spaces</p>`;');
});

test('expressions are never touched, even when they hold templates, strings or whitespace', () => {
  const code =
    "const a = html`<div>\n  ${ok ? html`<b>\n  yes</b>` : 'a  \\n  b'}\n</div>`;\nconst b = `plain\n  text`;";
  const out = minifyTemplates(code)!.code;
  assert.equal(
    out,
    "const a = html`<div> ${ok ? html`<b> yes</b>` : 'a  \\n  b'} </div>`;\nconst b = `plain\n  text`;",
  );
});

test('css and unsafeCSS: comments and whitespace go', () => {
  assert.equal(
    minifyPart(
      '\n  /* note */\n  :host {\n    color: red;\n  }\n  a > b { x: 1; opacity: 0.5; width: 10.5px }\n',
      'css',
      true,
      true,
    ),
    ':host{color:red}a>b{x:1;opacity:.5;width:10.5px}',
  );
  const out = minifyTemplates('const s = unsafeCSS(`\n  :host {\n    display: block;\n  }\n`);')!.code;
  assert.equal(out, 'const s = unsafeCSS(`:host{display:block}`);');
});

test('templates with <pre> or <textarea> are left alone; other tags and plain code are not templates', () => {
  assert.equal(minifyTemplates('const a = html`<pre>\n  x\n</pre>`;'), null);
  assert.equal(minifyTemplates('const a = other`\n  <p>\n</p>`;'), null);
});

test('the source map sends code after a collapsed template back to its original line and column', () => {
  const code = 'const a = html`\n  <p>\n  </p>\n`;\nconst later = 1;';
  const result = minifyTemplates(code)!;
  assert.equal(result.code, 'const a = html`<p></p>`;\nconst later = 1;');
  const map = editMap(code, result.edits, 'x.ts');
  // Decode the generated line 2 ("const later = 1;"): its first segment points at original line 5.
  const decode = (segment: string) => {
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of segment) {
      const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0;
        shift = 0;
      }
    }
    return values;
  };
  const lines = map.mappings.split(';');
  assert.equal(lines.length, 2);
  // Source line and column are deltas from the previous segment, across lines.
  let origLine = 0;
  let origCol = 0;
  for (const segment of lines[0]!.split(',')) {
    const [, , line, col] = decode(segment);
    origLine += line!;
    origCol += col!;
  }
  const [genCol, , line, col] = decode(lines[1]!.split(',')[0]!);
  assert.equal(genCol, 0);
  assert.equal(origLine + line!, 4);
  assert.equal(origCol + col!, 0);
});
