/**
 * The package as a merchant gets it: `npm pack`, checked with publint and attw, then installed into
 * apps made by the frameworks' own starters (create-next-app, create-vite, React Native's), each type-checked and
 * built with its framework's own command. The apps' sources live in `test/consumers/<app>`; they are
 * copied to `<CONSUMERS_DIR>/<app>` (outside the repository; `node_modules` is kept there between runs) and install
 * the tarball, never a path into `src/`. The `*.e2e.ts` files then drive the built apps (`cdn-folder.e2e.ts` the
 * script-tag pages, whose folder each app's own `npm run build` copies into `public/`).
 *
 * `CONSUMERS=next-app,vite-vue` prepares some of them only.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CDN_FOLDER, cdnFolderFiles } from '../../src/parts/cdn-folder.js';
import { CONSUMER_APPS, CONSUMERS_DIR, TARBALL, selectedApps, type ConsumerApp } from './apps.js';
import { writeReadmeSamples } from './readme-samples.js';

const root = resolve(import.meta.dirname, '../..');

function run(command: string, args: string[], cwd: string): void {
  const started = performance.now();
  process.stdout.write(`[consumers] ${cwd}: ${command} ${args.join(' ')}\n`);
  execFileSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  process.stdout.write(`[consumers]   done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** The app's sources over a fresh copy; its installed `node_modules` stays (npm updates it). */
function copyApp(app: string): string {
  const from = join(root, 'test/consumers', app);
  const to = join(CONSUMERS_DIR, app);
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(to))
    if (entry !== 'node_modules') rmSync(join(to, entry), { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|\.next|\.svelte-kit|\.astro|dist|build)$/.test(source),
  });
  return to;
}

/**
 * What neither tool checks: every `sideEffects` entry is a file the tarball holds (a bundler keeps
 * only those modules' effects), the folder a script tag needs holds exactly its files (the docs say
 * "serve this folder"), and the language files are there under the `./locales/*.json` export.
 */
function checkPackedFiles(): void {
  const files = new Set(
    execFileSync('tar', ['-tzf', TARBALL], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.replace(/^package\//, '')),
  );
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    sideEffects: string[];
    exports: Record<string, unknown>;
  };
  const missing = manifest.sideEffects.map((entry) => entry.replace(/^\.\//, '')).filter((file) => !files.has(file));
  if (missing.length) throw new Error(`package.json sideEffects names files the package lacks: ${missing.join(', ')}`);
  const folder = [...files]
    .filter((file) => file.startsWith(`${CDN_FOLDER}/`))
    .map((file) => file.slice(CDN_FOLDER.length + 1))
    .sort();
  if (JSON.stringify(folder) !== JSON.stringify(cdnFolderFiles()))
    throw new Error(
      `${CDN_FOLDER}/ must hold exactly what a script tag needs: it has ${folder.join(', ')}; expected ${cdnFolderFiles().join(', ')}`,
    );
  const locales = [...files].filter((file) => /^dist\/cdn\/locales\/[\w-]+\.json$/.test(file));
  if (manifest.exports['./locales/*.json'] !== './dist/cdn/locales/*.json' || locales.length < 4) {
    throw new Error(
      `the language files are not exported as onramp-checkout/locales/*.json (found ${locales.join(', ') || 'none'})`,
    );
  }
  process.stdout.write(
    `[consumers] sideEffects: ${manifest.sideEffects.length} files, all packed; ${CDN_FOLDER}/: ${folder.length} files, as expected; locales: ${locales.map((file) => file.slice(17)).join(', ')}\n`,
  );
}

mkdirSync(CONSUMERS_DIR, { recursive: true });
if (!existsSync(join(root, 'dist/ssr.js'))) throw new Error('dist/ is missing: run `npm run build` first');

// The tarball under one stable name, which the apps' package.json point at (`file:../onramp-checkout.tgz`).
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', CONSUMERS_DIR], {
  cwd: root,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop()!;
renameSync(join(CONSUMERS_DIR, packed), TARBALL);
process.stdout.write(`[consumers] packed ${packed}\n`);

// The package's own metadata as resolvers see it: exports, types per entry (ESM only), files.
run('npx', ['publint', 'run', '--strict', TARBALL], root);
run('npx', ['attw', '--profile', 'esm-only', TARBALL], root);
checkPackedFiles();

for (const app of selectedApps()) {
  const dir = copyApp(app);
  if (app === 'readme-samples')
    process.stdout.write(
      `[consumers] ${writeReadmeSamples({ samplesApp: dir })} TypeScript samples from README.md, CONTRIBUTING.md and docs/*.md\n`,
    );
  if (app === 'vite-vue')
    process.stdout.write(`[consumers] ${writeReadmeSamples({ vueApp: dir })} Vue samples from the docs\n`);
  if (app === 'sveltekit')
    process.stdout.write(`[consumers] ${writeReadmeSamples({ svelteApp: dir })} Svelte samples from the docs\n`);
  if (app === 'react-native-app')
    process.stdout.write(
      `[consumers] ${writeReadmeSamples({ reactNativeApp: dir })} React Native samples from the docs (App.tsx: docs/mobile.md's first)\n`,
    );
  // `install`, not `ci`: the tarball's integrity changes with every build (named, so npm unpacks
  // this build rather than keeping the one installed); the committed lockfile pins everything else.
  const { build, install = [] }: ConsumerApp = CONSUMER_APPS[app];
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...install, '../onramp-checkout.tgz'], dir);
  for (const [command, ...args] of build) run(command!, args, dir);
}
