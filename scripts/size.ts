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
import { VARIANTS, variantOf } from './build/pin-variant.js';

/** The script-tag file's budget, brotli (quality 11) bytes of the file as served. */
const IIFE_BROTLI_BUDGET = 20_480;

const files = [
  'dist/cdn/onramp-checkout.iife.js',
  'dist/cdn/onramp-checkout.hydrate.iife.js',
  // Loaded after the first paint (the final screens, the quote's refresh, the diagnostics…): not in the budget.
  'dist/cdn/onramp-checkout.later.js',
  // The order form (amount first), loaded only by an element with no client secret and a session-url.
  'dist/cdn/onramp-checkout.order.js',
  // The native bridge, loaded by the later part only in a native app's WebView.
  'dist/cdn/onramp-checkout.bridge.js',
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

/**
 * The budget's margin as a spread, not one figure: the file pins its later part's SHA-256, 44
 * characters of incompressible base64 whose value alone moves the brotli size by tens of bytes.
 * The same file with 30 random pins (a fixed seed, so the figures repeat) shows how much margin a
 * change to the later part (a new hash) can count on. Printed, never asserted.
 */
const PIN = /sha256-[A-Za-z0-9+/]{43}=/;
const code = readFileSync(iife.file, 'utf8');
if (PIN.test(code)) {
  let seed = 0x2545f491;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) & 0xff;
  const sizes = Array.from({ length: 30 }, () => {
    const pin = `sha256-${Buffer.from(Array.from({ length: 32 }, random)).toString('base64')}`;
    return brotliCompressSync(code.replace(PIN, pin), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }).sort((a, b) => a - b);
  const over = sizes.filter((size) => size > IIFE_BROTLI_BUDGET).length;
  console.log(
    `the same file with 30 other part pins: ${sizes[0]} to ${sizes.at(-1)} bytes brotli (median ${sizes[15]}), ${over} of 30 over the budget`,
  );
  // The build picks the later part's variant whose pin compresses the file best (scripts/build/pin-variant.ts).
  const variant = variantOf(readFileSync('dist/cdn/onramp-checkout.later.js', 'utf8'));
  if (variant !== null)
    console.log(`this build's pin: the later part's variant ${variant} of ${VARIANTS}, the smallest of them`);
}
