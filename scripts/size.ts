/**
 * `npm run size`: raw, gzip and brotli bytes of the builds, the SRI hashes of the script-tag files,
 * the CSP hash of the server-rendered stylesheet, and the budget verdict. Brotli bytes are stable,
 * unlike timings, so every run enforces the budget: the default script-tag file, lit and zod
 * included, at most 20,480 bytes brotli (issue #12). The hydrating one (Lit's hydration support on
 * top) is reported beside it, outside the budget.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The script-tag file's budget, brotli (quality 11) bytes of the file as served. */
const IIFE_BROTLI_BUDGET = 20_480;

const files = [
  'dist/cdn/onramp-checkout.iife.js',
  'dist/cdn/onramp-checkout.hydrate.iife.js',
  // Loaded after the first paint (the final screens, the quote's refresh, the diagnostics…): not in the budget.
  'dist/cdn/onramp-checkout.later.js',
  // The order form (amount first), loaded only by an element with no client secret and a session-url.
  'dist/cdn/onramp-checkout.order.js',
  'dist/onramp-checkout.js',
  'dist/define.js',
  'dist/ssr.js',
];

function measure(path: string) {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    sri: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
  };
}

const rows = files.map((file) => ({ file, ...measure(file) }));
const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(`${'file'.padEnd(38)}${pad('raw', 9)}${pad('gzip', 9)}${pad('brotli', 9)}`);
for (const row of rows) console.log(`${row.file.padEnd(38)}${pad(row.raw, 9)}${pad(row.gzip, 9)}${pad(row.brotli, 9)}`);

const [iife, hydrate] = rows;
if (!iife || !hydrate) throw new Error(`expected two files, measured ${rows.length}`);
console.log(`\nintegrity of ${iife.file}: ${iife.sri}`);
console.log(`integrity of ${hydrate.file}: ${hydrate.sri}`);
const ssr = (await import(
  pathToFileURL(resolve('dist/ssr.js')).href
)) as typeof import('../src/ssr/render-onramp-checkout.js');
console.log(`style-src of server-rendered pages: '${ssr.ONRAMP_CHECKOUT_STYLE_HASH}'`);
console.log(
  `hydrating script-tag file: ${hydrate.brotli} bytes brotli (${hydrate.brotli - iife.brotli} more than the default one, not in its budget)`,
);
const within = iife.brotli <= IIFE_BROTLI_BUDGET;
console.log(
  `script-tag bundle: ${iife.brotli} bytes brotli, budget ${IIFE_BROTLI_BUDGET}: ${within ? `ok (${IIFE_BROTLI_BUDGET - iife.brotli} to spare)` : `OVER by ${iife.brotli - IIFE_BROTLI_BUDGET}`}`,
);
if (!within) process.exitCode = 1;
