/**
 * `src/` holds what ships (demo/README.md, docs/architecture.md): every module under it is reached
 * from a package entry (a build entry of vite.config.ts, a `types` path of package.json's exports, an
 * on-demand part, either target of a build-dependent `#` import of package.json's `imports`), or is
 * a test or a test's data. What only the demo's programs run lives in `demo/`.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** The build entries of vite.config.ts and the module its alias puts in the parts (Lit's stand-in). */
const BUILD_ENTRIES = [
  'src/index.ts',
  'src/define.ts',
  'src/hydrate.ts',
  'src/webhooks/verify-signature.ts',
  'src/return.ts',
  'src/server-client/index.ts',
  'src/react.ts',
  'src/react-native/index.ts',
  'src/ssr/render-onramp-checkout.ts',
  'src/doctor/cli.ts',
  'src/script-tag.ts',
  'src/parts/host-lit.ts',
  // The on-demand parts (vite.config.ts PARTS).
  'src/parts/later/later-part.iife.ts',
  'src/parts/order/order-part.iife.ts',
  'src/parts/bridge/bridge-part.iife.ts',
];

const isTest = (file: string) => /\.(test|node\.test|test-helpers|cases)\.tsx?$/.test(file) || file.endsWith('.d.ts');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The `types` paths of package.json's exports, as their sources (a `dist/types/…d.ts` path names its `src/…ts` source). */
function typeEntries(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.values(pkg.exports)
    .flatMap((value) => (typeof value === 'object' && value !== null && 'types' in value ? [String(value.types)] : []))
    .map((path) => path.replace(/^\.\/dist\/types\//, 'src/').replace(/\.d\.ts$/, '.ts'));
}

const SPECIFIER = /(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** A build-dependent import (`#load-part`), and every module package.json's `imports` maps it to. */
const HASH_SPECIFIER = /(?:from\s*|import\s*\(\s*|import\s+)['"](#[\w-]+)['"]/g;
const HASH_TARGETS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, Record<string, string>> }
).imports;

/** A dynamic import with a template (`import(\`./locales/${code}.ts\`)`): every file it can name. */
const TEMPLATE_SPECIFIER = /import\s*\(\s*`(\.{1,2}\/[^`$]*\/)([^`$/]*)\$\{[^}]+\}([^`$/]*)`/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const templated = [...text.matchAll(TEMPLATE_SPECIFIER)].flatMap(([, dir, prefix, suffix]) => {
    const folder = resolve(dirname(file), dir!);
    return readdirSync(folder)
      .filter((name) => name.startsWith(prefix!) && name.endsWith(suffix!.replace(/\.js$/, '.ts')))
      .map((name) => join(folder, name));
  });
  return [
    ...templated,
    ...[...text.matchAll(HASH_SPECIFIER)].flatMap(([, name]) =>
      Object.values(HASH_TARGETS[name!] ?? {}).map((target) => join(ROOT, target)),
    ),
    ...[...text.matchAll(SPECIFIER)].flatMap(([, specifier]) => {
      const target = resolve(dirname(file), specifier!);
      const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target, `${target}.ts`];
      return candidates.filter((candidate) => candidate.startsWith(SRC)).slice(0, 4);
    }),
  ];
}

test('every module under src/ is reached from a package entry, or is a test', () => {
  const files = walk(SRC).filter((file) => /\.tsx?$/.test(file));
  const known = new Set(files);
  const entries = [...BUILD_ENTRIES, ...typeEntries()].map((entry) => join(ROOT, entry));
  for (const entry of entries) assert.ok(known.has(entry), `${relative(ROOT, entry)} is an entry but does not exist`);
  const reached = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file) || !known.has(file)) continue;
    reached.add(file);
    queue.push(...importsOf(file));
  }
  const unshipped = files.filter((file) => !reached.has(file) && !isTest(file)).map((file) => relative(ROOT, file));
  assert.deepEqual(unshipped, [], 'modules under src/ that no package entry reaches: move them to demo/ or scripts/');
});
