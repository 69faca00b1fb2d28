/**
 * The checkout page's script, /assets/checkout.js: the TypeScript in browser/ bundled by esbuild
 * into one classic script (an IIFE, no imports at run time), in memory, once per process. Built when
 * the checkout app is created, so `npm run sandbox` and the tests need no build step, and a broken
 * source fails the server's start rather than a buyer's page.
 *
 * Target ES2017: the ES5 file it replaces ran in any browser that opens the page; ES2017 is what
 * every browser of the last years runs (the widget itself needs more), and esbuild lowers the newer
 * syntax the source uses (`?.`, `??`, optional catch bindings). Not minified: a small page, read by
 * people who debug it.
 */
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const CHECKOUT_SCRIPT_ENTRY = fileURLToPath(new URL('./browser/checkout.ts', import.meta.url));
export const CHECKOUT_SCRIPT_TARGET = 'es2017';

let built: string | undefined;

/** The bundled script, built on the first call. */
export function checkoutScript(): string {
  built ??= bundle();
  return built;
}

function bundle(): string {
  const result = buildSync({
    entryPoints: [CHECKOUT_SCRIPT_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: CHECKOUT_SCRIPT_TARGET,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no checkout script');
  return output.text;
}
