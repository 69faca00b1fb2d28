/**
 * What the doctor needs from a page's HTML: the `<onramp-checkout>` elements with their attributes as
 * written (React's lower-cased property spellings read as the dashed names, as the element reads
 * them), the widget's script tags, the `<meta http-equiv="Content-Security-Policy">` policies of the
 * head, and the document's base URL.
 */
import * as z from 'zod';
import { attribute, type HtmlToken, scanHtml, type StartTag } from './html-scan.js';

/** The element's configuration attributes, by their dashed names. */
export const CONFIG_ATTRIBUTES = ['publishable-key', 'client-secret', 'api-base', 'checkout-origin', 'redirect-url'];

/** An `<onramp-checkout>` as the HTML writes it. */
export interface PageElement {
  /** 1-based, in document order. */
  index: number;
  line: number;
  /** Configuration attributes by dashed name; an alias written later wins, as it does in the element. */
  config: ReadonlyMap<string, string>;
  /** Every attribute as written. */
  attributes: ReadonlyMap<string, string>;
  /** `redirect_url` of the session in the element's data block, when it has one. */
  dataBlockRedirectUrl?: string;
}

/** A script tag of the widget (its `src` names the package), as the HTML writes it. */
export interface PageScript {
  line: number;
  /** `src` as written, and resolved against the document's base URL (`null`: not a URL). */
  src: string;
  url: URL | null;
  integrity?: string;
  crossorigin?: string;
  nonce?: string;
}

/** Everything the doctor reads from the HTML. */
export interface PageReading {
  elements: PageElement[];
  scripts: PageScript[];
  /** The `content` of each CSP `<meta>` of the head, in order. */
  metaPolicies: string[];
  /** Notes for the report: things read but not checked. */
  notes: string[];
}

/** The tags a parser keeps in `<head>`; any other start tag (or text) starts the body. */
const HEAD_TAGS = new Set(['html', 'head', 'meta', 'link', 'title', 'style', 'script', 'noscript', 'base', 'template']);

/** HTML's void elements: no end tag, so no depth. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** The widget's alias for a configuration attribute: the property name, lower-cased by the HTML parser. */
const aliasOf = (name: string): string => name.replaceAll('-', '');
const DASHED_BY_ALIAS = new Map(CONFIG_ATTRIBUTES.map((name) => [aliasOf(name), name]));

const dataBlockSchema = z.looseObject({
  session: z.looseObject({ redirect_url: z.string().optional() }).optional(),
});

function readConfig(tag: StartTag): Map<string, string> {
  const config = new Map<string, string>();
  // Attributes arrive in document order and each sets the property: the last spelling wins.
  for (const [name, value] of tag.attributes) {
    const dashed = CONFIG_ATTRIBUTES.includes(name) ? name : DASHED_BY_ALIAS.get(name);
    if (dashed) config.set(dashed, value);
  }
  return config;
}

function readDataBlock(text: string): string | undefined {
  try {
    const parsed = dataBlockSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.session?.redirect_url : undefined;
  } catch {
    return undefined;
  }
}

function resolveUrl(value: string, base: URL): URL | null {
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

/** The widget's script tag (the script-tag file, or any script of the package): its `src` names the package. */
function widgetScript(tag: StartTag, base: URL): PageScript | null {
  const src = attribute(tag, 'src');
  // A data block (`type="application/json"`) is never fetched nor run.
  const type = attribute(tag, 'type')?.trim().toLowerCase() ?? '';
  if (!/^(|module|(text|application)\/(x-)?(java|ecma)script)$/.test(type)) return null;
  if (!src?.includes('onramp-checkout')) return null;
  return {
    line: tag.line,
    src,
    url: resolveUrl(src, base),
    integrity: attribute(tag, 'integrity'),
    crossorigin: attribute(tag, 'crossorigin'),
    nonce: attribute(tag, 'nonce'),
  };
}

/** Reads `html`, fetched from `pageUrl`. */
export function readPage(html: string, pageUrl: URL): PageReading {
  const tokens: HtmlToken[] = scanHtml(html);
  const reading: PageReading = { elements: [], scripts: [], metaPolicies: [], notes: [] };
  let base: URL | null = null;
  let inHead = true;
  /** The element being read and how deep inside it the scanner is (1: its direct children). */
  let open: { element: PageElement; depth: number } | null = null;

  for (const token of tokens) {
    if (token.kind === 'text') {
      inHead = false;
      continue;
    }
    if (token.kind === 'end') {
      if (token.name === 'head' || token.name === 'body') inHead = false;
      if (open && !VOID.has(token.name)) {
        open.depth--;
        if (open.depth === 0 || token.name === 'onramp-checkout') open = null;
      }
      continue;
    }
    if (!HEAD_TAGS.has(token.name)) inHead = false;
    if (token.name === 'base' && !base) {
      const href = attribute(token, 'href');
      if (href !== undefined) base = resolveUrl(href, pageUrl);
    }
    if (token.name === 'meta' && inHead) {
      const equiv = attribute(token, 'http-equiv')?.trim().toLowerCase();
      const content = attribute(token, 'content');
      if (equiv === 'content-security-policy' && content !== undefined) reading.metaPolicies.push(content);
      if (equiv === 'content-security-policy-report-only')
        reading.notes.push('A <meta> Content-Security-Policy-Report-Only is ignored by browsers, and here.');
    }
    if (token.name === 'script') {
      // A script's URL is resolved when the parser reaches it: against a `<base>` above it only.
      const script = widgetScript(token, base ?? pageUrl);
      if (script) reading.scripts.push(script);
      const type = attribute(token, 'type')?.trim().toLowerCase();
      if (open?.depth === 1 && type === 'application/json' && token.text !== undefined) {
        const redirectUrl = readDataBlock(token.text);
        if (redirectUrl !== undefined) open.element.dataBlockRedirectUrl = redirectUrl;
      }
    }
    if (open && !VOID.has(token.name)) open.depth++;
    if (token.name === 'onramp-checkout' && !open) {
      const element: PageElement = {
        index: reading.elements.length + 1,
        line: token.line,
        config: readConfig(token),
        attributes: new Map(token.attributes),
      };
      reading.elements.push(element);
      open = { element, depth: 1 };
    }
  }

  return reading;
}
