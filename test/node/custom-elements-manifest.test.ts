/**
 * The custom-elements manifest lists the element's whole public API, and its docs cannot drift from
 * the code: every part the templates render has a `@csspart`, every `--onramp-*` property of the
 * styles has a `@cssproperty`, and the other way round. The manifest is generated here in memory,
 * by the same code as `npm run build` (this stage runs before the build).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import {
  analyzeManifest,
  isCustomElement,
  loadAnalyzer,
  manifestSources,
  partsInSources,
  ROOT,
  type CustomElementDeclaration,
  type Manifest,
} from '../../scripts/build/manifest/analyze.js';

const ELEMENT_SOURCE = 'src/components/onramp-checkout/onramp-checkout.ts';
const STYLES_SOURCE = 'src/components/onramp-checkout/onramp-checkout.styles.ts';

/** What issue 5 requires the manifest to list (more is fine: the drift tests cover the rest). */
const REQUIRED = {
  attributes: ['publishable-key', 'client-secret', 'api-base', 'checkout-origin', 'mode', 'locale', 'theme', 'status'],
  properties: [
    'publishableKey',
    'clientSecret',
    'apiBase',
    'checkoutOrigin',
    'mode',
    'locale',
    'theme',
    'status',
    'session',
  ],
  events: [
    'onramp-ready',
    'onramp-status-change',
    'onramp-quote-expired',
    'onramp-quote-refreshed',
    'onramp-completed',
    'onramp-failed',
    'onramp-expired',
    'onramp-error',
    'onramp-fallback',
  ],
  parts: [
    'base',
    'quote',
    'crypto-amount',
    'rate',
    'fees',
    'quote-countdown',
    'session-countdown',
    'pay-button',
    'checkout-frame',
    'status',
    'error',
    'fallback-link',
    'test-badge',
  ],
};

let manifest: Manifest;
let element: CustomElementDeclaration;

before(async () => {
  manifest = await analyzeManifest();
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter(isCustomElement);
  assert.equal(elements.length, 1, 'one custom element');
  element = elements[0]!;
});

const names = (list: readonly { name: string }[] | undefined) => (list ?? []).map((item) => item.name);
const missing = (required: readonly string[], present: readonly string[]) =>
  required.filter((name) => !present.includes(name));

test('the element is <onramp-checkout>, defined in src/define.ts', () => {
  assert.equal(element.tagName, 'onramp-checkout');
  const define = manifest.modules.find((module) => module.path === 'src/define.ts');
  assert.deepEqual(
    define?.exports?.find((entry) => entry.kind === 'custom-element-definition'),
    {
      kind: 'custom-element-definition',
      name: 'onramp-checkout',
      declaration: { name: 'OnrampCheckout', module: ELEMENT_SOURCE },
    },
  );
});

test('every attribute, with the property it belongs to, its type and a description', () => {
  assert.deepEqual(missing(REQUIRED.attributes, names(element.attributes)), []);
  const members = new Map((element.members ?? []).map((member) => [member.name, member] as const));
  for (const attribute of element.attributes ?? []) {
    // The order form's attributes (amount first) are read by its on-demand part, not declared as
    // properties: each would cost the script-tag file bytes it does not have. They say so.
    if (!attribute.fieldName && (attribute.description ?? '').includes('an attribute only')) {
      assert.ok(attribute.type?.text, `${attribute.name} has a type`);
      continue;
    }
    assert.ok(attribute.fieldName && members.has(attribute.fieldName), `${attribute.name} has a property`);
    assert.ok(attribute.type?.text, `${attribute.name} has a type`);
    assert.ok(attribute.description, `${attribute.name} has a description`);
  }
  const byName = new Map((element.attributes ?? []).map((attribute) => [attribute.name, attribute] as const));
  // The package ships no address (docs/design.md §20): the provider's origins have no default.
  assert.equal(byName.get('api-base')?.default, "''");
  assert.equal(byName.get('checkout-origin')?.default, "''");
  assert.equal(byName.get('theme')?.type?.text, "'light' | 'dark' | 'auto'");
  assert.equal(byName.get('mode')?.type?.text, "'embedded' | 'popup' | 'redirect'");
  assert.match(byName.get('status')?.type?.text ?? '', /'loading' \| 'pending' .* \| 'error'/);
  const status = members.get('status');
  assert.ok(status?.kind === 'field' && status.readonly && status.reflects, 'status: a read-only reflected property');
});

test('every property, `session` being a property only; internal state is not public API', () => {
  const members = element.members ?? [];
  assert.deepEqual(missing(REQUIRED.properties, names(members)), []);
  const session = members.find((member) => member.name === 'session');
  assert.ok(session?.kind === 'field' && session.attribute === undefined, 'session has no attribute');
  for (const internal of ['machine', 'frameHeight']) {
    assert.ok(!names(members).includes(internal), `${internal} is not a member`);
    assert.ok(!names(element.attributes).includes(internal), `${internal} is not an attribute`);
  }
  for (const member of members) {
    assert.notEqual(member.privacy, 'private', member.name);
    assert.ok(!member.name.startsWith('#'), member.name);
  }
});

test('every event, with its event class and a description', () => {
  assert.deepEqual(missing(REQUIRED.events, names(element.events)), []);
  for (const event of element.events ?? []) {
    assert.match(event.type?.text ?? '', /^Onramp\w+Event$/, `${event.name} has its class as type`);
    assert.ok(event.description, `${event.name} has a description`);
  }
});

test('every part the issue names is documented', () => {
  assert.deepEqual(missing(REQUIRED.parts, names(element.cssParts)), []);
});

test('@csspart matches the parts the templates render, both ways', async () => {
  const { ts } = await loadAnalyzer();
  // The element and the view modules beside it (each screen is its own file), and the parts' views,
  // which draw in the element's shadow root too (src/parts/later/, src/parts/order/).
  const partSources = readdirSync(join(ROOT, 'src/parts'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(file))
    .map((file) => `src/parts/${file}`);
  const sources = [
    ...manifestSources().filter((path) => path.startsWith(`${dirname(ELEMENT_SOURCE)}/`)),
    ...partSources,
  ];
  assert.ok(
    sources.includes(ELEMENT_SOURCE) && sources.some((path) => path.endsWith('-view.ts')),
    `found the element and its views (${sources.join(', ')})`,
  );
  const files = sources.map((path) =>
    ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  const rendered = [...partsInSources(ts, files)].sort();
  const documented = names(element.cssParts).sort();
  assert.ok(rendered.length >= REQUIRED.parts.length, `found the rendered parts (${rendered.join(', ')})`);
  assert.deepEqual(documented, rendered, 'documented parts = rendered parts');
});

test('@cssproperty matches the --onramp-* properties of the styles, both ways', () => {
  const styles = readFileSync(join(ROOT, STYLES_SOURCE), 'utf8');
  const used = [...new Set([...styles.matchAll(/--onramp-[a-z0-9-]+/g)].map((match) => match[0]))].sort();
  const documented = names(element.cssProperties).sort();
  assert.ok(
    used.some((name) => name.startsWith('--onramp-color-')),
    'found the colour properties',
  );
  assert.deepEqual(documented, used, 'documented custom properties = custom properties in the styles');
  for (const property of element.cssProperties ?? [])
    assert.ok(property.description, `${property.name} has a description`);
});

test('package.json publishes the manifest as `customElements`', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    customElements?: string;
    files?: string[];
  };
  assert.equal(pkg.customElements, 'dist/custom-elements.json');
  assert.ok(pkg.files?.includes('dist/custom-elements.json'));
});

test('docs/reference.md names every attribute, event, part and CSS property of the manifest', () => {
  const reference = readFileSync(join(ROOT, 'docs/reference.md'), 'utf8');
  assert.ok(reference.startsWith('# Reference'), 'docs/reference.md is the reference');
  const all = [element.attributes, element.events, element.cssParts, element.cssProperties].flatMap((list) =>
    names(list),
  );
  assert.deepEqual(
    all.filter((name) => !reference.includes(`\`${name}\``)),
    [],
    'missing from docs/reference.md',
  );
});
