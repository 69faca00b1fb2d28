/**
 * docs/mobile.md held to the native bridge's contract (issue 42). Its Swift, Kotlin and Dart
 * snippets cannot be compiled here, so their handler names, the types they switch on and the
 * fields they read are checked against src/contract/bridge-protocol.ts and the reader
 * (src/contract/read/bridge-message.ts); every JSON example validates against the shipped schema;
 * the tables name exactly the reader's types and fields, and the hosts' table says what
 * src/parts/bridge/native-host.ts does. The React Native sample is type-checked in a React Native app
 * against the packed package (test/consumers); here only what it may import.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { nativeHost, type NativeHostKind } from '../../src/parts/bridge/native-host.js';
import { WIDGET_MESSAGES } from '../../src/parts/bridge/widget-messages.js';
import {
  ANDROID_BRIDGE_OBJECT,
  BRIDGE_HANDLER,
  BRIDGE_MESSAGE_TYPES,
  BRIDGE_SOURCE,
  BRIDGE_VERSION,
  CHECKOUT_BRIDGE_TYPES,
  bridgeMessage,
} from '../../src/contract/bridge-protocol.js';
import {
  bridgeFeesSchema,
  bridgeMessageSchema,
  bridgeQuoteSchema,
  bridgeSessionSchema,
} from '../../src/contract/read/bridge-message.js';
import { bridgeSchemaDocument } from '../../scripts/build/bridge-schema-document.js';
import { isReactNativeSample } from '../consumers/readme-samples.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/mobile.md'), 'utf8');

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

/** The page's fenced blocks of one language, in order, each with its opening line. */
function blocks(language: string): { line: number; code: string }[] {
  const lines = PAGE.split('\n');
  const found: { line: number; code: string }[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index] !== '```' + language) continue;
    const end = lines.indexOf('```', index + 1);
    assert.ok(end > index, `docs/mobile.md:${index + 1}: a block that never ends`);
    found.push({ line: index + 1, code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return found;
}

/** The one block of a language (the page shows one per platform). */
function only(language: string): string {
  const found = blocks(language);
  assert.equal(found.length, 1, `docs/mobile.md has one \`\`\`${language} block`);
  return found[0]!.code;
}

/** The body rows of the first table after the line `above` (a heading, or a line of prose), as cells. */
function table(above: string): string[][] {
  const lines = PAGE.split('\n');
  const start = lines.indexOf(above);
  assert.ok(start >= 0, `docs/mobile.md has the line ${above}`);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  const rows = lines.slice(first, end);
  assert.ok(first > start && rows.length > 2, `a table after ${above}`);
  return rows.slice(2).map((row) =>
    row
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** `` `name` `` or `` `name?` ``, each perhaps followed by " (or `null`)": what a fields cell says. */
function fieldsOf(cell: string): { name: string; optional: boolean; nullable: boolean }[] {
  return [...cell.matchAll(/`(\w+)(\?)?`( \(or `null`\))?/g)].map((match) => ({
    name: match[1]!,
    optional: match[2] === '?',
    nullable: match[3] !== undefined,
  }));
}

/** What the reader accepts for each field of an object schema: may it be left out, may it be `null`. */
function fieldsOfSchema(schema: unknown): { name: string; optional: boolean; nullable: boolean }[] {
  const shape = (
    schema as { _zod: { def: { shape: Record<string, { safeParse(value: unknown): { success: boolean } }> } } }
  )._zod.def.shape;
  return Object.entries(shape)
    .filter(([name]) => !['source', 'version', 'type'].includes(name))
    .map(([name, field]) => ({
      name,
      optional: field.safeParse(undefined).success,
      nullable: field.safeParse(null).success,
    }));
}

/** The reader's object schema for each message type. */
const MESSAGE_SCHEMAS = new Map(
  (bridgeMessageSchema as unknown as { _zod: { def: { options: unknown[] } } })._zod.def.options.map((option) => {
    const literal = (option as { _zod: { def: { shape: { type: { _zod: { def: { values: string[] } } } } } } })._zod.def
      .shape.type._zod.def.values[0]!;
    return [literal, option] as const;
  }),
);

/** Every field any message (or the envelope) has: what a native snippet may read. */
const MESSAGE_FIELDS = new Set([
  'source',
  'version',
  'type',
  ...[...MESSAGE_SCHEMAS.values()].flatMap((schema) => fieldsOfSchema(schema).map(({ name }) => name)),
]);

test('the reader has one schema per type of the protocol', () => {
  assert.deepEqual([...MESSAGE_SCHEMAS.keys()].sort(), [...BRIDGE_MESSAGE_TYPES].sort());
  assert.ok(MESSAGE_FIELDS.has('txHash') && MESSAGE_FIELDS.has('url'));
});

test('the table of messages lists every type, in order, with the reader’s fields', () => {
  const rows = table('### Every message');
  const types = rows.map(([type]) => /^`([\w-]+)`$/.exec(type ?? '')?.[1]);
  assert.deepEqual(types, [...BRIDGE_MESSAGE_TYPES], 'the types the page lists');
  for (const [type, fields] of rows) {
    const name = type!.slice(1, -1);
    assert.deepEqual(fieldsOf(fields!), fieldsOfSchema(MESSAGE_SCHEMAS.get(name)), `the fields of ${name}`);
  }
});

/** The types the widget posts: each of its events' messages (src/parts/bridge/widget-messages.ts). */
function widgetTypes(): string[] {
  const session = {
    sessionId: 'ors_1',
    status: 'pending',
    quote: { cryptoAmount: '1', exchangeRate: null, fees: null, expiresAt: null },
    redirectUrl: 'https://checkout.example/pay/ors_1?t=x',
  };
  // One detail with every field any event has: each maker reads its own.
  const detail = {
    session,
    quote: session.quote,
    status: 'pending',
    previousStatus: 'loading',
    ...{ previous: '1', current: '1', accepted: true },
    ...{ code: 'X', message: 'm', cause: 'c', fix: 'f', recoverable: true },
    ...{ reason: 'popup-blocked', url: session.redirectUrl },
  };
  const makers = Object.values(WIDGET_MESSAGES) as unknown as ((event: { detail: unknown }) => { type: string }[])[];
  return [...new Set(makers.flatMap((make) => make({ detail }).map(({ type }) => type)))];
}

test('who posts what: the hosted checkout posts CHECKOUT_BRIDGE_TYPES, the widget its events’ types', () => {
  const rows = table('### Every message');
  const by = (...who: string[]) => rows.filter(([, , cell]) => who.includes(cell!)).map(([type]) => type!.slice(1, -1));
  for (const [type, , cell] of rows)
    assert.ok(['both', 'widget', 'checkout'].includes(cell!), `${type} posted by: ${cell}`);
  assert.deepEqual(by('both', 'checkout'), [...CHECKOUT_BRIDGE_TYPES], 'what the table says the hosted checkout posts');
  const widget = widgetTypes();
  assert.deepEqual(
    by('both', 'widget'),
    BRIDGE_MESSAGE_TYPES.filter((type) => widget.includes(type)),
    'what the table says the widget posts',
  );
  const sentence = /^The hosted checkout posts (.*?)\./m.exec(PAGE)?.[1];
  assert.ok(sentence, 'a sentence says what the hosted checkout posts');
  assert.deepEqual(
    [...sentence.matchAll(/`([\w-]+)`/g)].map((match) => match[1]),
    [...CHECKOUT_BRIDGE_TYPES],
    'the sentence',
  );
});

test('the table of shapes names the reader’s Session, Quote and Fees fields', () => {
  const schemas: Record<string, unknown> = {
    Session: bridgeSessionSchema,
    Quote: bridgeQuoteSchema,
    Fees: bridgeFeesSchema,
  };
  const rows = table('The objects inside:');
  assert.deepEqual(
    rows.map(([shape]) => shape!.slice(1, -1)),
    Object.keys(schemas),
  );
  const defs = Object.keys(bridgeSchemaDocument().$defs as object).sort();
  assert.deepEqual(defs, Object.keys(schemas).sort(), 'the schema’s $defs are the shapes the page lists');
  for (const [shape, fields] of rows)
    assert.deepEqual(fieldsOf(fields!), fieldsOfSchema(schemas[shape!.slice(1, -1)]), `the fields of ${shape}`);
});

test('every JSON example of the page is a message the shipped schema accepts, with no secret', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(bridgeSchemaDocument());
  const examples = blocks('json');
  assert.ok(examples.length >= 6, `examples: ${examples.length}`);
  const seen = new Set<string>();
  for (const { line, code } of examples) {
    const message = JSON.parse(code) as Record<string, unknown>;
    assert.ok(validate(message), `docs/mobile.md:${line}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(bridgeMessageSchema.safeParse(message).success, `docs/mobile.md:${line}: the reader refuses it`);
    seen.add(String(message.type));
    assert.doesNotMatch(code, /_secret_|client_secret/, `docs/mobile.md:${line} shows a client secret`);
    // The checkout's token only inside an open-url's url; and the writer leaves such a message as it is.
    const { source, version, type, ...fields } = message;
    assert.deepEqual(bridgeMessage(type as never, fields as never), message, `docs/mobile.md:${line}: as written`);
    assert.equal(source, BRIDGE_SOURCE);
    assert.equal(version, BRIDGE_VERSION);
    if (type !== 'open-url') assert.doesNotMatch(code, /[?&]t=/, `docs/mobile.md:${line} shows a checkout token`);
  }
  for (const type of ['ready', 'completed', 'open-url', 'error']) assert.ok(seen.has(type), `an example of ${type}`);
});

test('the hosts’ table says how the page posts, in the order it looks', () => {
  const rows = table('### How the page posts');
  const kinds: { kind: NativeHostKind; call: string }[] = [
    { kind: 'react-native', call: 'window.ReactNativeWebView.postMessage(json)' },
    { kind: 'wkwebview', call: `window.webkit.messageHandlers.${BRIDGE_HANDLER}.postMessage(message)` },
    { kind: 'android', call: `window.${ANDROID_BRIDGE_OBJECT}.postMessage(json)` },
    { kind: 'flutter', call: `window.flutter_inappwebview.callHandler('${BRIDGE_HANDLER}', message)` },
  ];
  assert.equal(rows.length, kinds.length);
  const received: unknown[] = [];
  // A top-level window with every host the rows name from `from` on: the page takes the first.
  const windowFrom = (from: number): Window => {
    const view: Record<string, unknown> = {};
    view.top = view;
    const post = (message: unknown) => void received.push(message);
    const hosts: Record<NativeHostKind, () => void> = {
      'react-native': () => (view.ReactNativeWebView = { postMessage: post }),
      wkwebview: () => (view.webkit = { messageHandlers: { [BRIDGE_HANDLER]: { postMessage: post } } }),
      android: () => (view[ANDROID_BRIDGE_OBJECT] = { postMessage: post }),
      flutter: () =>
        (view.flutter_inappwebview = {
          _platformReady: true,
          callHandler: (name: string, message: unknown) => (name === BRIDGE_HANDLER ? post(message) : undefined),
        }),
    };
    for (const { kind } of kinds.slice(from)) hosts[kind]();
    return view as unknown as Window;
  };
  const message = bridgeMessage('close', { sessionId: 'ors_1' });
  kinds.forEach(({ kind, call }, index) => {
    const [, calls, receives] = rows[index]!;
    assert.ok(calls!.includes(`\`${call}\``), `row ${index + 1} says the page calls ${call}: ${calls}`);
    const host = nativeHost(windowFrom(index));
    assert.ok(host, `row ${index + 1}: a host`);
    assert.equal(host.kind, kind, `with the hosts from row ${index + 1} on, the page takes row ${index + 1}'s`);
    received.length = 0;
    host.post(message);
    const string = typeof received[0] === 'string';
    assert.deepEqual(string ? JSON.parse(received[0] as string) : received[0], message);
    assert.match(receives!, string ? /^a JSON string/ : /^an object/, `row ${index + 1}: what the app receives`);
  });
  assert.match(rows[3]![1]!, /flutterInAppWebViewPlatformReady/, 'Flutter waits for its platform');
});

/** Every `"…"` (or `'…'`) string a snippet compares a type with, and every field name it reads. */
function namesIn(code: string, patterns: { types: RegExp; fields: RegExp }): { types: string[]; fields: string[] } {
  const pick = (pattern: RegExp) => [...code.matchAll(pattern)].flatMap((match) => match.slice(1).filter(Boolean));
  return { types: pick(patterns.types), fields: pick(patterns.fields) };
}

function assertContract(platform: string, code: string, names: { types: string[]; fields: string[] }): void {
  assert.ok(names.types.length >= 5, `${platform}: the types it handles (${names.types.join(', ')})`);
  for (const type of names.types)
    assert.ok((BRIDGE_MESSAGE_TYPES as readonly string[]).includes(type), `${platform} handles "${type}", no type`);
  for (const type of ['completed', 'failed', 'open-url', 'close'])
    assert.ok(names.types.includes(type), `${platform} handles ${type}`);
  assert.ok(names.fields.length >= 4, `${platform}: the fields it reads (${names.fields.join(', ')})`);
  for (const field of names.fields) assert.ok(MESSAGE_FIELDS.has(field), `${platform} reads "${field}", no field`);
  assert.ok(code.includes(`"${BRIDGE_SOURCE}"`) || code.includes(`'${BRIDGE_SOURCE}'`), `${platform} checks source`);
  assert.match(code, new RegExp(`version\\W+(?:!=|==)\\s*${BRIDGE_VERSION}\\b`), `${platform} checks version`);
}

test('the Swift snippet registers `onramp`, checks the main frame and the origin, and reads the contract', () => {
  const swift = only('swift');
  assert.match(swift, new RegExp(`userContentController\\.add\\(self, name: "${BRIDGE_HANDLER}"\\)`));
  assert.match(swift, new RegExp(`removeScriptMessageHandler\\(forName: "${BRIDGE_HANDLER}"\\)`));
  assert.match(swift, /message\.frameInfo\.isMainFrame/);
  assert.match(swift, /message\.frameInfo\.securityOrigin/);
  assert.match(swift, /WKScriptMessageHandler/);
  const struct = /struct OnrampMessage: Decodable \{([^}]*)\}/.exec(swift)?.[1];
  assert.ok(struct, 'the Swift snippet declares the message it decodes');
  const cases = [...swift.matchAll(/^\s*case ("[\w-]+"(?:, "[\w-]+")*):/gm)].map((match) => match[1]!);
  const types = cases.flatMap((list) => [...list.matchAll(/"([\w-]+)"/g)].map((match) => match[1]!));
  const fields = [...struct.matchAll(/let (\w+): /g)].map((match) => match[1]!);
  assertContract('Swift', swift, { types, fields });
});

test('the Kotlin snippet names `OnrampBridge` through addWebMessageListener, never a JavaScript interface', () => {
  const kotlin = only('kotlin');
  assert.match(
    kotlin,
    new RegExp(
      `WebViewCompat\\.addWebMessageListener\\(webView, "${ANDROID_BRIDGE_OBJECT}", setOf\\(checkoutOrigin\\)\\)`,
    ),
  );
  assert.doesNotMatch(kotlin, /addJavascriptInterface/);
  assert.match(kotlin, /isMainFrame/);
  assert.match(kotlin, /isCheckout\(sourceOrigin\)/);
  const names = namesIn(kotlin, {
    types: /^\s*("[\w-]+"(?:, "[\w-]+")*) ->/gm,
    fields: /(?:getString|optString|optInt|isNull)\("(\w+)"\)/g,
  });
  const types = names.types.flatMap((list) => [...list.matchAll(/"([\w-]+)"/g)].map((match) => match[1]!));
  assertContract('Kotlin', kotlin, {
    types: types.filter((type) => !['https', 'http', 'myapp'].includes(type)),
    fields: names.fields,
  });
});

test('the Flutter snippet adds the `onramp` handler, checks the main frame and the origin, and reads the contract', () => {
  const dart = only('dart');
  assert.match(dart, new RegExp(`addJavaScriptHandler\\(\\s*handlerName: '${BRIDGE_HANDLER}'`));
  assert.match(dart, /JavaScriptHandlerFunctionData data/);
  assert.match(dart, /data\.isMainFrame/);
  assert.match(dart, /_isCheckout\(data\.origin\)/);
  assertContract('Flutter', dart, namesIn(dart, { types: /case '([\w-]+)':/g, fields: /message\['(\w+)'\]/g }));
});

test('the first tsx block is a whole App.tsx that imports only react, react-native and the component', () => {
  const app = blocks('tsx')[0];
  assert.ok(app, 'a ```tsx block');
  // The React Native app type-checks this block; the web apps' checker leaves it out.
  assert.ok(isReactNativeSample(app), 'readme-samples leaves App.tsx to the React Native app');
  assert.equal(blocks('tsx').length + blocks('ts').length, 1, 'no other TypeScript block, which nothing would check');
  assert.match(app.code, /^\/\/ App\.tsx\n/);
  const imports = [...app.code.matchAll(/^import [^;]* from '([^']+)';$/gm)].map((match) => match[1]);
  assert.deepEqual([...new Set(imports)].sort(), ['onramp-checkout/react-native', 'react', 'react-native']);
  assert.doesNotMatch(app.code, /\brequire\(|import\(/);
  assert.match(app.code, /^export default function App\(/m);
  assert.match(app.code, /await fetch\(/);
  assert.match(app.code, /<OnrampCheckoutWebView\b/);
  for (const prop of ['url', 'onCompleted', 'onStatusChange', 'onFailed', 'onExpired'])
    assert.match(app.code, new RegExp(`\\b${prop}=\\{`), `App.tsx sets ${prop}`);
});
