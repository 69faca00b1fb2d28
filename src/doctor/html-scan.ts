/**
 * A small, tolerant HTML tag scanner: the start and end tags of a document with their attributes as
 * a browser's tokenizer reads them (names lower-cased, the first of two same-named attributes wins,
 * quoted and unquoted values, character references in values), skipping comments, doctypes and the
 * text of raw-text elements (`<script>`, `<style>`, …), whose content it hands over as text. No tree
 * is built and nothing is fixed up: the doctor needs tags and attributes, not a DOM, and Node has none.
 */

/** A start tag, with its attributes in document order and, for raw-text elements, their text. */
export interface StartTag {
  kind: 'start';
  name: string;
  attributes: readonly (readonly [name: string, value: string])[];
  /** The content of a raw-text or RCDATA element (`script`, `style`, `title`, …), as written. */
  text?: string;
  /** 1-based line of the tag's `<`. */
  line: number;
}

/** An end tag (its attributes, which browsers ignore, are skipped). */
export interface EndTag {
  kind: 'end';
  name: string;
  line: number;
}

/** Non-whitespace text between tags (outside raw-text elements), for the head's end. */
export interface TextRun {
  kind: 'text';
  line: number;
}

/** What the scanner reports, in document order. */
export type HtmlToken = StartTag | EndTag | TextRun;

/** Elements whose content is text up to their own end tag (the tokenizer's raw-text and RCDATA states). */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'title', 'textarea']);

const WHITESPACE = /[\t\n\f\r ]/;
const TAG_NAME_END = /[\t\n\f\r />]/;

/** The few named references a URL, key or policy name plausibly holds; numeric ones are all decoded. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};
/** Those a browser also decodes without the `;` (the legacy ones of the list above). */
const LEGACY_WITHOUT_SEMICOLON = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp']);

function codePoint(value: number): string {
  const invalid = value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff);
  return String.fromCodePoint(invalid ? 0xfffd : value);
}

/**
 * Character references in an attribute value. A named reference without `;` followed by a letter,
 * digit or `=` stays as written, as in browsers (`?a=1&copy=2` is a query, not `©`).
 */
export function decodeAttributeValue(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(?:#([0-9]+);?|#[xX]([0-9a-fA-F]+);?|([A-Za-z][A-Za-z0-9]*)(;?)(?=(=?)))/g,
    (match, decimal?: string, hex?: string, name?: string, semicolon?: string, equals?: string) => {
      if (decimal !== undefined) return codePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
      const decoded = name === undefined ? undefined : NAMED_REFERENCES[name];
      if (decoded === undefined || name === undefined) return match;
      if (semicolon) return decoded;
      return LEGACY_WITHOUT_SEMICOLON.has(name) && !equals ? decoded : match;
    },
  );
}

/** Line numbers by offset, found by binary search over the offsets of the newlines. */
function lineIndex(html: string): (offset: number) => number {
  const newlines: number[] = [];
  for (let at = html.indexOf('\n'); at !== -1; at = html.indexOf('\n', at + 1)) newlines.push(at);
  return (offset) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((newlines[middle] ?? Infinity) < offset) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };
}

/** Reads a tag's attributes from `at` (just after its name); returns them and the offset after `>`. */
function readAttributes(html: string, start: number): { attributes: [string, string][]; end: number } {
  const attributes: [string, string][] = [];
  const seen = new Set<string>();
  let at = start;
  for (;;) {
    while (at < html.length && (WHITESPACE.test(html[at] ?? '') || html[at] === '/')) at++;
    if (at >= html.length) return { attributes, end: html.length };
    if (html[at] === '>') return { attributes, end: at + 1 };
    // A name runs to whitespace, `/`, `>` or `=` (a leading `=` belongs to the name, as in browsers).
    let nameEnd = at + 1;
    while (nameEnd < html.length && !/[\t\n\f\r />=]/.test(html[nameEnd] ?? '')) nameEnd++;
    const name = html.slice(at, nameEnd).toLowerCase();
    at = nameEnd;
    while (at < html.length && WHITESPACE.test(html[at] ?? '')) at++;
    let value = '';
    if (html[at] === '=') {
      at++;
      while (at < html.length && WHITESPACE.test(html[at] ?? '')) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const valueEnd = close === -1 ? html.length : close;
        value = html.slice(at + 1, valueEnd);
        at = valueEnd + 1;
      } else {
        let valueEnd = at;
        while (valueEnd < html.length && !/[\t\n\f\r >]/.test(html[valueEnd] ?? '')) valueEnd++;
        value = html.slice(at, valueEnd);
        at = valueEnd;
      }
    }
    if (!seen.has(name)) {
      seen.add(name);
      attributes.push([name, decodeAttributeValue(value)]);
    }
  }
}

/** Where the raw text of `name` ends: its end tag (`</name` then whitespace, `/` or `>`), or the end. */
function rawTextEnd(html: string, from: number, name: string): number {
  const pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? html.length;
}

/** The document's tags, in order. Never throws: malformed HTML reads as a browser would, roughly. */
export function scanHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const lineAt = lineIndex(html);
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const textEnd = open === -1 ? html.length : open;
    if (/[^\t\n\f\r ]/.test(html.slice(at, textEnd))) tokens.push({ kind: 'text', line: lineAt(at) });
    if (open === -1) break;
    const next = html[open + 1] ?? '';
    if (html.startsWith('<!--', open)) {
      // `<!-->` and `<!--->` close at once, as in browsers.
      const abrupt = /^<!---?>/.exec(html.slice(open, open + 6));
      const close = html.indexOf('-->', open + 4);
      at = abrupt ? open + abrupt[0].length : close === -1 ? html.length : close + 3;
    } else if (next === '!' || next === '?') {
      // A doctype, CDATA or bogus comment: up to the next `>`.
      const close = html.indexOf('>', open);
      at = close === -1 ? html.length : close + 1;
    } else if (next === '/') {
      const letter = /[A-Za-z]/.test(html[open + 2] ?? '');
      if (!letter) {
        const close = html.indexOf('>', open);
        at = close === -1 ? html.length : close + 1;
        continue;
      }
      let nameEnd = open + 3;
      while (nameEnd < html.length && !TAG_NAME_END.test(html[nameEnd] ?? '')) nameEnd++;
      const { end } = readAttributes(html, nameEnd);
      tokens.push({ kind: 'end', name: html.slice(open + 2, nameEnd).toLowerCase(), line: lineAt(open) });
      at = end;
    } else if (/[A-Za-z]/.test(next)) {
      let nameEnd = open + 2;
      while (nameEnd < html.length && !TAG_NAME_END.test(html[nameEnd] ?? '')) nameEnd++;
      const name = html.slice(open + 1, nameEnd).toLowerCase();
      const { attributes, end } = readAttributes(html, nameEnd);
      const tag: StartTag = { kind: 'start', name, attributes, line: lineAt(open) };
      tokens.push(tag);
      at = end;
      if (RAW_TEXT.has(name)) {
        const close = rawTextEnd(html, at, name);
        tag.text = html.slice(at, close);
        at = close;
      } else if (name === 'plaintext') {
        at = html.length;
      }
    } else {
      // A `<` that starts no tag is text.
      tokens.push({ kind: 'text', line: lineAt(open) });
      at = open + 1;
    }
  }
  return tokens;
}

/** An attribute's value by its (lower-case) name, or `undefined` when the tag does not have it. */
export function attribute(tag: StartTag, name: string): string | undefined {
  return tag.attributes.find(([attributeName]) => attributeName === name)?.[1];
}
