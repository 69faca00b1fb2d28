/** The consumer apps: where they are built, and how each is type-checked and built. */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';

/**
 * Outside the repository, as a merchant's app is: nothing resolves from this package's own
 * `node_modules` by walking up. Kept between runs (installs are then quick); `CONSUMERS_DIR` moves it.
 */
export const CONSUMERS_DIR = resolve(process.env.CONSUMERS_DIR || resolve(tmpdir(), 'onramp-checkout-consumers'));
export const TARBALL = resolve(CONSUMERS_DIR, 'onramp-checkout.tgz');

export interface ConsumerApp {
  /** Commands run in the app's folder after `npm install`: its own type check and build. */
  build: string[][];
  /** More flags for its `npm install`. */
  install?: string[];
}

export const CONSUMER_APPS = {
  // `npm run build`: its `prebuild` copies the package's dist/cdn/ folder to public/onramp-checkout/ (the
  // script-tag page serves it), then `next build` type-checks the app itself (TypeScript, strict) and builds it.
  'next-app': { build: [['npm', 'run', 'build']] },
  // The starters' own scripts: `tsc -b && vite build`, `vue-tsc -b && vite build`.
  'vite-react': { build: [['npm', 'run', 'build']] },
  'vite-vue': { build: [['npm', 'run', 'build']] },
  // `npx sv create --template minimal --types ts`, served by Node (adapter-node): svelte-check, then `vite build`.
  sveltekit: {
    build: [
      ['npm', 'run', 'check'],
      ['npm', 'run', 'build'],
    ],
  },
  // A plain node:http merchant server with the order handler (onramp-checkout/server): `tsc` against the
  // packed types, then `node dist/server.js` (servers.ts).
  'node-server': { build: [['npm', 'run', 'build']] },
  // The order handler mounted as the docs show it, each framework from npm (their starters fetch
  // templates from GitHub), run by its own Node server (servers.ts). Hono and h3: `tsc`, strict.
  'hono-node': { build: [['npm', 'run', 'build']] },
  'h3-node': { build: [['npm', 'run', 'build']] },
  // `npm run build`: its `prebuild` copies the package's dist/cdn/ folder to public/onramp-checkout/, then
  // `astro build` (it writes `.astro/types.d.ts`); then `tsc --noEmit` (astro/tsconfigs/strict).
  'astro-node': {
    build: [
      ['npm', 'run', 'build'],
      ['npm', 'run', 'check'],
    ],
  },
  // Every TypeScript sample of README.md, CONTRIBUTING.md and docs/*.md, type-checked against the packed
  // package (prepare.ts writes them in: test/consumers/readme-samples.ts; the Vue samples go to vite-vue).
  'readme-samples': { build: [['npx', 'tsc', '--noEmit', '-p', '.']] },
  // `npx @react-native-community/cli init` (React Native 0.86, the newest on Node 20), its JavaScript side:
  // no Android or iOS SDK here, so `tsc --noEmit` (@react-native/typescript-config, strict) over its App.tsx,
  // which is docs/mobile.md's first tsx block, and the docs' other React Native samples (readme-samples.ts).
  // No install scripts: nothing native is built; the peers as the lockfile has them.
  'react-native-app': { build: [['npm', 'run', 'check']], install: ['--ignore-scripts', '--legacy-peer-deps'] },
} satisfies Record<string, ConsumerApp>;

export type ConsumerAppName = keyof typeof CONSUMER_APPS;

/** `CONSUMERS=next-app,vite-vue` limits the run to those apps. */
export function selectedApps(): ConsumerAppName[] {
  const names = Object.keys(CONSUMER_APPS) as ConsumerAppName[];
  const wanted = process.env.CONSUMERS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted?.length) return names;
  const unknown = wanted.filter((name) => !names.includes(name as ConsumerAppName));
  if (unknown.length) throw new Error(`CONSUMERS: unknown app ${unknown.join(', ')}; known: ${names.join(', ')}`);
  return names.filter((name) => wanted.includes(name));
}

export const appDir = (app: ConsumerAppName): string => resolve(CONSUMERS_DIR, app);
