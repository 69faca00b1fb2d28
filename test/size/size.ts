/**
 * `npm run size`: raw, gzip and brotli bytes of both builds, the SRI hash of the script-tag file,
 * and the budget verdict. Brotli bytes are stable, unlike timings, so every run enforces the budget:
 * the script-tag file, lit and zod included, at most 20,480 bytes brotli (issue #12; the 16 kB
 * target of issue #3 is retired). The run fails above it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The script-tag file's budget, brotli (quality 11) bytes of the file as served. */
const IIFE_BROTLI_BUDGET = 20_480;

const files = ['dist/onramp-checkout.iife.js', 'dist/onramp-checkout.js', 'dist/define.js'];

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
console.log(`${'file'.padEnd(32)}${pad('raw', 9)}${pad('gzip', 9)}${pad('brotli', 9)}`);
for (const row of rows) console.log(`${row.file.padEnd(32)}${pad(row.raw, 9)}${pad(row.gzip, 9)}${pad(row.brotli, 9)}`);

const iife = rows[0]!;
console.log(`\nintegrity of ${iife.file}: ${iife.sri}`);
const within = iife.brotli <= IIFE_BROTLI_BUDGET;
console.log(`script-tag bundle: ${iife.brotli} bytes brotli, budget ${IIFE_BROTLI_BUDGET}: ${within ? `ok (${IIFE_BROTLI_BUDGET - iife.brotli} to spare)` : `OVER by ${iife.brotli - IIFE_BROTLI_BUDGET}`}`);
if (!within) process.exitCode = 1;
