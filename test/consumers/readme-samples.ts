/**
 * The documentation's code samples (README.md, CONTRIBUTING.md and every docs/*.md), as files a type
 * checker reads: every ```ts and ```tsx block goes to `readme-samples/samples/` (checked by `tsc`
 * against the packed package), every ```vue block to the Vue app's `vite-vue/src/readme-samples/`
 * (checked by `vue-tsc` when that app builds), every ```svelte block to a route of the SvelteKit app
 * whose server `load` gives it the checkout (`publishableKey`, `apiBase`, `checkoutOrigin`,
 * `session`; checked by `svelte-check`). A sample may need
 * names it leaves to the reader (`pk`, `session`, `showReceipt`): an HTML comment right above its
 * block, `<!-- typecheck: … -->`, gives them, and is the part of the file before the sample (for
 * Vue, the `<script setup>` block; the sample is then the template, unless it has its own).
 * `<!-- typecheck as checkout/page.tsx: … -->` also names the sample's file, for samples that
 * import each other (within one page). Each sample is named by its page and line
 * (`docs/frameworks.md line 57`), in the file written and in the type checker's messages.
 *
 * React Native's samples go to the React Native app (`react-native-app`, checked by its own `tsc`
 * against react-native and react-native-webview): the first ```tsx block of docs/mobile.md is its
 * whole `App.tsx`; any other ts/tsx sample that imports `react-native`, `react-native-webview` or
 * `onramp-checkout/react-native` goes to its `samples/`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The pages whose samples are checked, relative to the repository: README.md, CONTRIBUTING.md, docs/*.md. */
export function documentationPages(root = ROOT): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((page) => existsSync(join(root, page)));
}

export interface ReadmeSample {
  /** The page it is on, relative to the repository (`docs/frameworks.md`). */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: 'ts' | 'tsx' | 'vue' | 'svelte';
  /** The file it is written to, when the page names one. */
  path: string | null;
  prelude: string;
  code: string;
}

/** The samples of one page (`text` is its content; read from the repository when left out). */
export function readmeSamples(page = 'README.md', text = readFileSync(join(ROOT, page), 'utf8')): ReadmeSample[] {
  const lines = text.split('\n');
  const samples: ReadmeSample[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^```(ts|tsx|vue|svelte)\s*$/.exec(lines[index]!);
    if (!fence) continue;
    const end = lines.indexOf('```', index + 1);
    if (end < 0) throw new Error(`${page}:${index + 1}: a code block that never ends`);
    const above = /^<!-- typecheck(?: as ([\w./-]+))?: ([^]*?) -->$/.exec(lines[index - 1] ?? '');
    samples.push({
      page,
      line: index + 1,
      language: fence[1] as ReadmeSample['language'],
      path: above?.[1] ?? null,
      prelude: above?.[2] ?? '',
      code: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return samples;
}

/** Every sample of every documentation page, in page order. */
export function documentationSamples(root = ROOT): ReadmeSample[] {
  return documentationPages(root).flatMap((page) => readmeSamples(page, readFileSync(join(root, page), 'utf8')));
}

/**
 * A sample for React Native (it imports `react-native`, `react-native-webview` or
 * `onramp-checkout/react-native`): the React Native app checks it, not the web apps' checkers.
 */
export const isReactNativeSample = (sample: Pick<ReadmeSample, 'code'>): boolean =>
  /^\s*import\b[^;]*?\bfrom\s+'(?:react-native|react-native-webview|onramp-checkout\/react-native)'/m.test(sample.code);

/** `docs/frameworks.md` → `docs-frameworks`: a folder or name part, unique across pages. */
const pageSlug = (page: string): string =>
  page
    .replace(/\.md$/, '')
    .replace(/[^\w]+/g, '-')
    .toLowerCase();

/** `docs/frameworks.md` line 57 → `docs-frameworks-line-57`: a file or route name, unique across pages. */
export const sampleName = (sample: Pick<ReadmeSample, 'page' | 'line'>): string =>
  `${pageSlug(sample.page)}-line-${sample.line}`;

/** The route a Svelte sample becomes: its server `load` hands the page the checkout, as the docs' sample reads it. */
const SVELTE_SAMPLE_LOAD = `import { createCheckout } from '$lib/checkout-session.server';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async () => createCheckout();
`;

/** The page whose first ```tsx block is the React Native app's `App.tsx`. */
export const MOBILE_PAGE = 'docs/mobile.md';

/** docs/mobile.md's first ```tsx block: the React Native app's whole `App.tsx`. */
export const reactNativeAppSample = (samples: ReadmeSample[]): ReadmeSample | undefined =>
  samples.find((sample) => sample.page === MOBILE_PAGE && sample.language === 'tsx');

/** Svelte sample routes are named `sample-<page>-line-<n>`, so a run removes the last run's. */
const SVELTE_ROUTE_PREFIX = 'sample-';

/**
 * Writes the TypeScript samples into `samplesApp/samples` (a sample that names its file goes to
 * `samples/<page>/<its path>`, beside the samples of its own page), the Vue ones into
 * `vueApp/src/readme-samples`, the Svelte ones into `svelteApp/src/routes/sample-<page>-line-<n>/`.
 */
export function writeReadmeSamples(apps: {
  samplesApp?: string;
  vueApp?: string;
  svelteApp?: string;
  reactNativeApp?: string;
}): number {
  const samples = documentationSamples();
  const appSample = reactNativeAppSample(samples);
  if (apps.reactNativeApp && !appSample)
    throw new Error(`${MOBILE_PAGE} has no \`\`\`tsx block: its first one is the React Native app's App.tsx`);
  const tsDir = apps.samplesApp && join(apps.samplesApp, 'samples');
  const vueDir = apps.vueApp && join(apps.vueApp, 'src/readme-samples');
  const nativeDir = apps.reactNativeApp && join(apps.reactNativeApp, 'samples');
  if (apps.svelteApp) {
    const routes = join(apps.svelteApp, 'src/routes');
    for (const entry of readdirSync(routes))
      if (entry.startsWith(SVELTE_ROUTE_PREFIX) || entry.startsWith('readme-line-'))
        rmSync(join(routes, entry), { recursive: true, force: true });
  }
  for (const dir of [tsDir, vueDir, nativeDir]) {
    if (!dir) continue;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  let written = 0;
  for (const sample of samples) {
    const name = sampleName(sample);
    const origin = `${sample.page} line ${sample.line}`;
    if (sample.language === 'svelte') {
      if (!apps.svelteApp) continue;
      const route = join(apps.svelteApp, 'src/routes', `${SVELTE_ROUTE_PREFIX}${name}`);
      mkdirSync(route, { recursive: true });
      writeFileSync(join(route, '+page.server.ts'), SVELTE_SAMPLE_LOAD);
      writeFileSync(join(route, '+page.svelte'), `<!-- ${origin} -->\n${sample.prelude}\n${sample.code}\n`);
    } else if (sample.language === 'vue') {
      if (!vueDir) continue;
      const template = sample.code.includes('<template>') ? sample.code : `<template>\n${sample.code}\n</template>`;
      writeFileSync(join(vueDir, `${name}.vue`), `<!-- ${origin} -->\n${sample.prelude}\n${template}\n`);
    } else {
      const native = sample === appSample || isReactNativeSample(sample);
      const dir = native ? nativeDir : tsDir;
      if (!dir) continue;
      const file =
        sample === appSample && apps.reactNativeApp
          ? join(apps.reactNativeApp, 'App.tsx')
          : sample.path
            ? join(dir, pageSlug(sample.page), sample.path)
            : join(dir, `${name}.${sample.language}`);
      mkdirSync(dirname(file), { recursive: true });
      // A directive ('use client') stays first; the prelude goes after it.
      const directive = /^\s*'use (client|server)';\n/.exec(sample.code)?.[0] ?? '';
      writeFileSync(
        file,
        `${directive}// ${origin}\n${sample.prelude}\n${sample.code.slice(directive.length)}\nexport {};\n`,
      );
    }
    written += 1;
  }
  return written;
}
