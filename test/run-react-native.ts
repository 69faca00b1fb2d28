/**
 * `npm run test:react-native` (after `npm run build`): the React Native component's tests, in their
 * own package (`test/react-native/`: react-native, react-native-webview, Jest with React Native's
 * preset, Testing Library), which the root's `npm ci` never installs.
 *
 * 1. `npm ci` there, unless its lockfile is the one last installed (a stamp in its `node_modules`):
 *    a fresh clone installs, a second run does not (about 35 s saved);
 * 2. TypeScript 7 over its tests, its type tests against the published declarations (`dist/types`)
 *    and the component's sources against the real react-native and react-native-webview;
 * 3. Jest on the built `dist/react-native.js`;
 *
 * and before them, that the built entry imports nothing but React, React Native, react-native-webview
 * and zod/mini, itself or through the chunks it shares (no Lit, no element: a React Native app has
 * neither `customElements` nor a DOM).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'test/react-native');
const stamp = join(dir, 'node_modules/.onramp-installed-lock');

function step(label: string, command: string, args: string[]): void {
  const started = performance.now();
  process.stdout.write(`[react-native] ${label}\n`);
  execFileSync(command, args, { cwd: dir, stdio: 'inherit' });
  process.stdout.write(`[react-native]   done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

if (!existsSync(join(root, 'dist/react-native.js')) || !existsSync(join(root, 'dist/types/react-native/index.d.ts')))
  throw new Error('dist/react-native.js or its types are missing: run `npm run build` first');

/** What `dist/react-native.js` may import by name; anything else it reaches fails the run. */
const ENTRY_IMPORTS = new Set(['react', 'react/jsx-runtime', 'react-native', 'react-native-webview', 'zod/mini']);

function checkEntryImports(entry: string): void {
  const seen = new Set<string>();
  const named = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g))
      if (specifier!.startsWith('.')) queue.push(resolve(dirname(file), specifier!));
      else named.add(specifier!);
  }
  const refused = [...named].filter((name) => !ENTRY_IMPORTS.has(name));
  if (refused.length)
    throw new Error(
      `dist/react-native.js reaches ${refused.join(', ')}: it may import only ${[...ENTRY_IMPORTS].join(', ')}`,
    );
  process.stdout.write(
    `[react-native] dist/react-native.js and ${
      [...seen]
        .slice(1)
        .map((file) => relative(join(root, 'dist'), file))
        .join(', ') || 'no chunk'
    } import ${[...named].sort().join(', ')}\n`,
  );
}
checkEntryImports(join(root, 'dist/react-native.js'));

const lock = createHash('sha256')
  .update(readFileSync(join(dir, 'package-lock.json')))
  .digest('hex');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) {
  process.stdout.write('[react-native] test/react-native is installed from this lockfile\n');
} else {
  // No install scripts (nothing native is built here); the peers as the lockfile has them.
  step('npm ci (test/react-native)', 'npm', [
    'ci',
    '--ignore-scripts',
    '--legacy-peer-deps',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
  ]);
  writeFileSync(stamp, lock);
}
step('tsc (tests, type tests, the sources against the real packages)', process.execPath, [
  join(root, 'node_modules/typescript-7/bin/tsc'),
  '--noEmit',
  '-p',
  '.',
]);
step('jest (dist/react-native.js)', process.execPath, [join(dir, 'node_modules/jest/bin/jest.js'), '--ci']);
