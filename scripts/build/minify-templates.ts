/**
 * A Vite plugin that minifies the static text of Lit templates at build time, which the JS
 * minifier leaves alone: `html`…`` (whitespace) and `css`…`` or `unsafeCSS(`…`)` (comments and
 * whitespace). It parses each module (the TypeScript parser Vite ships), so it only ever touches the
 * text between a template's `${…}` expressions, never the expressions, and it returns a source map.
 *
 * HTML rules: a whitespace run with a line break becomes one space, or nothing when it sits between
 * two tags (`>` and `<`) or at either end of the template; other whitespace is kept. A template with
 * `<pre` or `<textarea` is left as it is.
 */
import { parseAst, type Plugin } from 'vite';

interface Span {
  start: number;
  end: number;
}
interface Quasi extends Span {
  value: { raw: string };
}
interface TemplateLiteral extends Span {
  type: 'TemplateLiteral';
  quasis: Quasi[];
}
interface Edit extends Span {
  text: string;
}

export type TemplateKind = 'html' | 'css';

/** The minified raw text of one static part; `first`/`last` say whether it opens or closes the template. */
export function minifyPart(raw: string, kind: TemplateKind, first: boolean, last: boolean): string {
  if (kind === 'css') {
    return raw
      .replace(/\/\*[^]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>*/])\s*/g, '$1')
      .replace(/([\w-]+):\s+/g, '$1:')
      .replace(/;}/g, '}')
      .replace(/([^\w.])0\.(\d)/g, '$1.$2')
      .replace(first ? /^\s+/ : /^$/, '')
      .replace(last ? /\s+$/ : /^$/, '');
  }
  return raw.replace(/\s*\n\s*/g, (run, offset: number) => {
    const before = offset === 0 ? (first ? '' : null) : raw[offset - 1];
    const after = offset + run.length === raw.length ? (last ? '' : null) : raw[offset + run.length];
    // Between two tags, or at an end of the template: no text node is lost.
    return (before === '>' || before === '') && (after === '<' || after === '') ? '' : ' ';
  });
}

/** Minifies every Lit template of `code`; `null` when nothing changed. */
export function minifyTemplates(code: string, lang: 'ts' | 'js' = 'ts'): { code: string; edits: Edit[] } | null {
  if (!/\b(html|css)`|unsafeCSS\(`/.test(code)) return null;
  const edits: Edit[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Record<string, unknown> & { type?: string };
    const tag = n.type === 'TaggedTemplateExpression' ? (n.tag as { type: string; name?: string }) : null;
    const callee = n.type === 'CallExpression' ? (n.callee as { type: string; name?: string }) : null;
    if (tag?.type === 'Identifier' && (tag.name === 'html' || tag.name === 'css')) {
      collect(n.quasi as TemplateLiteral, tag.name);
    } else if (callee?.type === 'Identifier' && callee.name === 'unsafeCSS') {
      const [arg] = n.arguments as { type: string }[];
      if (arg?.type === 'TemplateLiteral') collect(arg as TemplateLiteral, 'css');
    }
    for (const value of Object.values(n)) visit(value);
  };
  const collect = (literal: TemplateLiteral, kind: TemplateKind): void => {
    const { quasis } = literal;
    if (kind === 'html' && quasis.some((q) => /<(pre|textarea)\b/i.test(q.value.raw))) return;
    quasis.forEach((quasi, index) => {
      // A quasi's span covers its delimiters (`` ` `` or `}` before, `${` or `` ` `` after).
      const start = quasi.start + 1;
      const raw = quasi.value.raw;
      const text = minifyPart(raw, kind, index === 0, index === quasis.length - 1);
      if (text !== raw) edits.push({ start, end: start + raw.length, text });
    });
  };
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- parseSync returns oxc's result (another shape, its own options); moving to it is its own change to the build
  visit(parseAst(code, { lang }));
  if (!edits.length) return null;
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { code: out + code.slice(at), edits };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest) digit |= 32;
    out += BASE64.charAt(digit);
  } while (rest);
  return out;
}

/**
 * A source map for `minifyTemplates`' output: outside the edits every token maps to itself, and each
 * edited span maps to its original start.
 */
export function editMap(
  original: string,
  edits: Edit[],
  source: string,
): { version: 3; sources: string[]; sourcesContent: string[]; names: string[]; mappings: string } {
  const lines: string[][] = [[]];
  let genCol = 0;
  let prevGenCol = 0;
  let prevLine = 0;
  let prevCol = 0;
  let origLine = 0;
  let origCol = 0;
  const mark = () => {
    lines.at(-1)?.push(vlq(genCol - prevGenCol) + vlq(0) + vlq(origLine - prevLine) + vlq(origCol - prevCol));
    prevGenCol = genCol;
    prevLine = origLine;
    prevCol = origCol;
  };
  const newLine = () => {
    lines.push([]);
    genCol = 0;
    prevGenCol = 0;
  };
  /** Copies original text unchanged, marking each token. */
  const copy = (from: number, to: number) => {
    let token = true;
    for (let i = from; i < to; i++) {
      const ch = original.charAt(i);
      if (ch === '\n') {
        origLine++;
        origCol = 0;
        newLine();
        token = true;
        continue;
      }
      const word = /[\w$#]/.test(ch);
      if (token || !word) mark();
      token = !word;
      genCol++;
      origCol++;
    }
  };
  /** Emits replacement text mapped to the original span's start, then skips the span. */
  const replace = (edit: Edit) => {
    mark();
    for (const ch of edit.text) {
      if (ch === '\n') newLine();
      else genCol += ch.length;
    }
    for (let i = edit.start; i < edit.end; i++) {
      if (original[i] === '\n') {
        origLine++;
        origCol = 0;
      } else origCol++;
    }
  };
  let at = 0;
  for (const edit of edits) {
    copy(at, edit.start);
    replace(edit);
    at = edit.end;
  }
  copy(at, original.length);
  return {
    version: 3,
    sources: [source],
    sourcesContent: [original],
    names: [],
    mappings: lines.map((segments) => segments.join(',')).join(';'),
  };
}

/** The plugin: minifies Lit templates in the project's own TypeScript modules. */
export function minifyLitTemplates(): Plugin {
  return {
    name: 'minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
      const result = minifyTemplates(code);
      return result && { code: result.code, map: editMap(code, result.edits, id) };
    },
  };
}
