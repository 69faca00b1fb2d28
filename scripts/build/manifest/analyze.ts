/**
 * The custom-elements manifest (`dist/custom-elements.json`), generated from the element's JSDoc by
 * @custom-elements-manifest/analyzer with its Lit plugins plus `onrampManifestPlugin` below, which
 * fills what the analyzer misses in this code base:
 *
 * - the tag name: the element is registered in `src/define.ts` with `registry.define(TAG_NAME, …)`,
 *   not `customElements.define('…', …)`, so the analyzer finds no definition;
 * - `state: true` properties (`machine`, `frameHeight`): the Lit plugin lists them as attributes;
 *   private members are internal, so they are dropped from the published API altogether;
 * - the read-only `status` attribute, which the element reflects itself (`this.setAttribute`), not
 *   through a Lit property declaration;
 * - attribute types and defaults, which the Lit plugin leaves as a constant's name
 *   (`DEFAULT_API_BASE`) where the member has the resolved value;
 * - event types: events are dispatched from a table, so the analyzer cannot see their classes; a
 *   class whose constructor calls `super('<event name>', …)` is taken as that event's class;
 * - value lists: a type named by an alias of string literals (`OnrampTheme`, `OnrampCheckoutMode`,
 *   `OnrampStatus`, declared anywhere under `src/`) is written out as its union, so tools can offer
 *   the values.
 *
 * The analyzer runs on its own TypeScript 5 (TypeScript 7 has no JavaScript API), so every
 * TypeScript type here is taken from the analyzer's own typings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { CollectPhaseParams, InitializeParams, Plugin } from '@custom-elements-manifest/analyzer';
// The schema typings the analyzer's own typings are written against.
import type {
  Attribute,
  ClassDeclaration,
  ClassField,
  ClassMethod,
  CustomElement,
  Declaration,
  Module,
} from 'custom-elements-manifest/schema';

export type Manifest = InitializeParams['customElementsManifest'];
type Ts = InitializeParams['ts'];
type SourceFile = ReturnType<Ts['createSourceFile']>;
type Node = CollectPhaseParams['node'];
type TypeNode = NonNullable<ReturnType<Ts['getEffectiveConstraintOfTypeParameter']>>;

/** A field as the analyzer writes it: schema 2 fields that its schema 1.0 typings lack. */
export type ElementField = ClassField & { attribute?: string; reflects?: boolean; readonly?: boolean };
export type CustomElementDeclaration = Omit<ClassDeclaration & CustomElement, 'members'> & {
  members?: (ElementField | ClassMethod)[];
};

export function isCustomElement(declaration: Declaration): declaration is CustomElementDeclaration {
  return declaration.kind === 'class' && 'customElement' in declaration && declaration.customElement === true;
}

/** What the analyzer's package exports at run time (its typings declare only the plugin types). */
interface AnalyzerRuntime {
  // A module's function, not a method: it uses no `this`, so it may be taken off the module.
  create: (options: { modules: SourceFile[]; plugins?: Plugin[]; context?: Record<string, unknown> }) => Manifest;
  ts: Ts;
}

export const ROOT = resolve(import.meta.dirname, '../../..');

/** A test or a test's helper: not in the package, so not in its manifest. */
const isTestFile = (file: string) => /\.(test|test-helpers)\.tsx?$/.test(file);

/** The analyzed sources: the element's folder (tests and their helpers excluded) and the file that registers it. */
export function manifestSources(root = ROOT): string[] {
  const components = join(root, 'src/components');
  const files = readdirSync(components, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !isTestFile(file) && !file.endsWith('.d.ts'))
    .map((file) => relative(root, join(components, file)));
  return [...files.sort(), 'src/define.ts'];
}

/** The analyzer's run time, its TypeScript and its Lit plugins. */
export async function loadAnalyzer(): Promise<AnalyzerRuntime & { litPlugin: () => Plugin[] }> {
  const analyzer = (await import('@custom-elements-manifest/analyzer')) as unknown as AnalyzerRuntime;
  // No `exports` map in the package, so its Lit plugins are importable by path; untyped, hence the cast.
  const litModule = '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
  const { litPlugin } = (await import(litModule)) as { litPlugin: () => Plugin[] };
  return { create: analyzer.create, ts: analyzer.ts, litPlugin };
}

/** Builds the manifest in memory; `npm run build` writes it with `scripts/build/manifest/build.ts`. */
export async function analyzeManifest(root = ROOT): Promise<Manifest> {
  const { create, ts, litPlugin } = await loadAnalyzer();
  const parse = (path: string) =>
    ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true);
  const modules = manifestSources(root).map(parse);
  const everySource = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !isTestFile(file))
    .map((file) => parse(join('src', file)));
  const typeAliases = stringUnionAliases(ts, everySource);
  return create({ modules, plugins: [...litPlugin(), onrampManifestPlugin({ typeAliases })] });
}

/**
 * Every part name the given source files render: `part="name"` in templates, and string literals
 * passed to a helper for its parameter named `part` (`row('Rate', …, 'rate')`,
 * `timer('quote-countdown', …)`), the helper declared in any of the files (the element's views share
 * `view-pieces.ts`). For the test that keeps `@csspart` in step with the templates.
 */
export function partsInSources(ts: Ts, files: readonly SourceFile[]): Set<string> {
  const parts = new Set(
    // Every name of a `part` attribute (`part="quote live-price"` renders both).
    files.flatMap((file) =>
      [...file.text.matchAll(/\bpart=(?:"([a-z][\w -]*)"|'([a-z][\w -]*)'|([a-z][\w-]*))/g)].flatMap((match) =>
        (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/).filter(Boolean),
      ),
    ),
  );
  const helpers = new Map<string, number>();
  const calls: { name: string; args: readonly Node[] }[] = [];
  const partIndex = (parameters: readonly { name: Node }[]) =>
    parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === 'part');
  const visit = (node: Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const fn = node.initializer;
      if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
        const index = partIndex(fn.parameters);
        if (index >= 0) helpers.set(node.name.text, index);
      }
    }
    if (ts.isFunctionDeclaration(node) && node.name) {
      const index = partIndex(node.parameters);
      if (index >= 0) helpers.set(node.name.text, index);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression))
      calls.push({ name: node.expression.text, args: node.arguments });
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  for (const { name, args } of calls) {
    const index = helpers.get(name);
    const arg = index === undefined ? undefined : args[index];
    if (arg && ts.isStringLiteralLike(arg)) parts.add(arg.text);
  }
  return parts;
}

/**
 * Type aliases that are unions of string literals, written out: `'light' | 'dark' | 'auto'`.
 * Members may be literals, other such aliases, or `(typeof LIST)[number]` of an `as const` array
 * of strings. Anything else leaves the alias out (its name stays in the manifest).
 */
export function stringUnionAliases(ts: Ts, files: readonly SourceFile[]): Map<string, string> {
  const aliases = new Map<string, TypeNode>();
  const constLists = new Map<string, string[]>();
  for (const file of files) {
    for (const statement of file.statements) {
      if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          !ts.isIdentifier(declaration.name) ||
          !init ||
          !ts.isAsExpression(init) ||
          !ts.isArrayLiteralExpression(init.expression)
        )
          continue;
        const items = init.expression.elements;
        if (items.every((item) => ts.isStringLiteralLike(item)))
          constLists.set(
            declaration.name.text,
            items.map((item) => item.getText()),
          );
      }
    }
  }
  const values = (type: TypeNode, seen: Set<string>): string[] | null => {
    if (ts.isParenthesizedTypeNode(type)) return values(type.type, seen);
    if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [`'${type.literal.text}'`];
    if (ts.isUnionTypeNode(type)) {
      const parts = type.types.map((member) => values(member, seen));
      return parts.every((part) => part !== null) ? parts.flat() : null;
    }
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments) {
      const name = type.typeName.text;
      const target = aliases.get(name);
      return target && !seen.has(name) ? values(target, new Set(seen).add(name)) : null;
    }
    // (typeof LIST)[number]
    if (ts.isIndexedAccessTypeNode(type) && type.indexType.kind === ts.SyntaxKind.NumberKeyword) {
      const object = ts.isParenthesizedTypeNode(type.objectType) ? type.objectType.type : type.objectType;
      if (ts.isTypeQueryNode(object) && ts.isIdentifier(object.exprName)) {
        return constLists.get(object.exprName.text)?.map((text) => `'${text.slice(1, -1)}'`) ?? null;
      }
    }
    return null;
  };
  const result = new Map<string, string>();
  for (const [name, type] of aliases) {
    const list = values(type, new Set([name]));
    if (list) result.set(name, [...new Set(list)].join(' | '));
  }
  return result;
}

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_match, char: string) => char.toUpperCase());

export interface OnrampManifestPluginOptions {
  /** Alias name → its union of string literals (see `stringUnionAliases`). */
  typeAliases?: ReadonlyMap<string, string>;
}

/** See the file comment. A fresh plugin (fresh state) per analysis. */
/**
 * The on-demand parts that document attributes (`@attr {type} name - description`) and CSS parts
 * (`@csspart name - description`) of the element in their own module comment: the attributes only
 * they read, the parts only they render. The element's class comment has no room for them (its
 * file is at its size limit) and its script-tag file no bytes for their properties.
 */
export const PART_DOC_SOURCES = ['src/parts/order/order-part.ts', 'src/parts/later/later-part.ts'];

/** The `@attr` and `@csspart` tags of the parts' module comments, into the element's declaration. */
function addPartDocs(element: CustomElementDeclaration, root = ROOT): void {
  for (const path of PART_DOC_SOURCES) {
    const comment = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(join(root, path), 'utf8'))?.[1] ?? '';
    const lines = comment.split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
    for (const line of lines) {
      const attr = /^@attr \{([^}]+)\} ([a-z][\w-]*) - (.+)$/.exec(line);
      if (attr?.[1] && attr[2] && attr[3] && !element.attributes?.some((known) => known.name === attr[2]))
        (element.attributes ??= []).push({ name: attr[2], type: { text: attr[1] }, description: attr[3] });
      const part = /^@csspart ([a-z][\w-]*) - (.+)$/.exec(line);
      if (part?.[1] && part[2] && !element.cssParts?.some((known) => known.name === part[1]))
        (element.cssParts ??= []).push({ name: part[1], description: part[2] });
    }
  }
}

export function onrampManifestPlugin({ typeAliases = new Map() }: OnrampManifestPluginOptions = {}): Plugin {
  /** Module-level `const NAME = 'text'` per file, to resolve `define(TAG_NAME, …)`. */
  const constants = new Map<string, Map<string, string>>();
  const defineCalls: { module: string; tag: { literal: string } | { constant: string }; className: string }[] = [];
  /** Class name → property names declared with `state: true` in `static properties`. */
  const stateProperties = new Map<string, Set<string>>();
  /** Class name → attribute names it sets on itself with `this.setAttribute('…', …)`. */
  const selfSetAttributes = new Map<string, Set<string>>();
  /** Event name → the class (and module) whose constructor calls `super('<event name>', …)`. */
  const eventClasses = new Map<string, { name: string; module: string }>();

  const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => map.set(key, (map.get(key) ?? new Set<V>()).add(value));

  function enclosingClassName(ts: Ts, node: Node): string | undefined {
    return ts.findAncestor(node.parent, ts.isClassDeclaration)?.name?.text;
  }

  return {
    name: 'onramp-checkout manifest fixes',
    collectPhase({ ts, node }) {
      const module = node.getSourceFile().fileName;
      if (ts.isVariableStatement(node) && ts.isSourceFile(node.parent)) {
        for (const declaration of node.declarationList.declarations) {
          if (
            ts.isIdentifier(declaration.name) &&
            declaration.initializer &&
            ts.isStringLiteralLike(declaration.initializer)
          ) {
            const table = constants.get(module) ?? new Map<string, string>();
            constants.set(module, table.set(declaration.name.text, declaration.initializer.text));
          }
        }
      }
      if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'properties') {
        const className = enclosingClassName(ts, node);
        const isStatic = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);
        if (className && isStatic && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
          for (const property of node.initializer.properties) {
            if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
            const isState = property.initializer.properties.some(
              (option) =>
                ts.isPropertyAssignment(option) &&
                option.name.getText() === 'state' &&
                option.initializer.kind === ts.SyntaxKind.TrueKeyword,
            );
            if (isState) add(stateProperties, className, property.name.getText());
          }
        }
      }
      if (!ts.isCallExpression(node)) return;
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.SuperKeyword) {
        // `super('onramp-…', …)` in a constructor: that class is the event's class.
        const className = enclosingClassName(ts, node);
        if (first && ts.isStringLiteralLike(first) && className)
          eventClasses.set(first.text, { name: className, module });
        return;
      }
      if (!ts.isPropertyAccessExpression(node.expression)) return;
      const method = node.expression.name.text;
      if (method === 'define' && first && second && ts.isIdentifier(second)) {
        const tag = ts.isStringLiteralLike(first)
          ? { literal: first.text }
          : ts.isIdentifier(first)
            ? { constant: first.text }
            : null;
        if (tag) defineCalls.push({ module, tag, className: second.text });
      }
      if (
        method === 'setAttribute' &&
        node.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
        first &&
        ts.isStringLiteralLike(first)
      ) {
        const className = enclosingClassName(ts, node);
        if (className) add(selfSetAttributes, className, first.text);
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (isCustomElement(declaration)) fixElement(declaration, module, customElementsManifest);
        }
      }
    },
  };

  function fixElement(element: CustomElementDeclaration, elementModule: Module, manifest: Manifest): void {
    const className = element.name;
    // Tag name, from a `define(…)` call anywhere in the analyzed sources.
    for (const call of defineCalls) {
      if (call.className !== className) continue;
      const tag = 'literal' in call.tag ? call.tag.literal : constants.get(call.module)?.get(call.tag.constant);
      if (!tag) continue;
      element.tagName ??= tag;
      const definingModule = manifest.modules.find((candidate) => candidate.path === call.module);
      const exports = definingModule ? (definingModule.exports ??= []) : [];
      if (!exports.some((entry) => entry.kind === 'custom-element-definition' && entry.name === tag)) {
        exports.push({
          kind: 'custom-element-definition',
          name: tag,
          declaration: { name: className, module: elementModule.path },
        });
      }
    }

    // What an on-demand part reads and renders, documented in the part's own module comment.
    addPartDocs(element);

    // Internal state is not API: private members go, and `state: true` properties are no attributes.
    const state = stateProperties.get(className) ?? new Set<string>();
    const dropped = new Set<string>();
    element.members = (element.members ?? []).filter((member) => {
      const internal = member.privacy === 'private' || member.name.startsWith('#') || state.has(member.name);
      if (internal) dropped.add(member.name);
      return !internal;
    });
    const members = new Map(element.members.map((member) => [member.name, member] as const));
    element.attributes = (element.attributes ?? []).filter(
      (attribute) => !attribute.fieldName || !dropped.has(attribute.fieldName),
    );

    // Attributes take the member's (resolved) type and default.
    for (const attribute of element.attributes) {
      const member = attribute.fieldName ? members.get(attribute.fieldName) : undefined;
      if (member?.kind !== 'field') continue;
      if (member.type) attribute.type = member.type;
      if (member.default !== undefined) attribute.default = member.default;
    }

    // Attributes the element reflects itself (read-only ones such as `status`).
    for (const name of selfSetAttributes.get(className) ?? []) {
      if (element.attributes.some((attribute) => attribute.name === name)) continue;
      const member = members.get(camelCase(name));
      const attribute: Attribute = { name };
      if (member?.kind === 'field') {
        attribute.fieldName = member.name;
        if (member.type) attribute.type = member.type;
        if (member.description) attribute.description = member.description;
        member.attribute = name;
        member.reflects = true;
      }
      element.attributes.push(attribute);
    }

    // Named string unions written out, on members and attributes alike.
    const expand = (type: { text: string } | undefined) => {
      const union = type ? typeAliases.get(type.text.trim()) : undefined;
      if (type && union) type.text = union;
    };
    for (const member of element.members) if (member.kind === 'field') expand(member.type);
    for (const attribute of element.attributes) expand(attribute.type);

    // Event types, from the event classes.
    for (const event of element.events ?? []) {
      const eventClass = eventClasses.get(event.name);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the schema requires `type`, but the analyzer leaves it out for events dispatched from a table
      if (eventClass && !event.type)
        event.type = {
          text: eventClass.name,
          references: [{ name: eventClass.name, module: eventClass.module, start: 0, end: eventClass.name.length }],
        };
    }
  }
}
