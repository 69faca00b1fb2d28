/**
 * The default script-tag file pins its `later` part's SHA-256: 44 characters of incompressible
 * base64, whose value alone moves the file's brotli size by tens of bytes (brotli's block choices
 * follow it: 30 random pins spread over about 50 B, `npm run size` prints that spread). So the
 * build writes the later part in `VARIANTS` variants that differ only in a last comment line
 * (`//pin-variant:N`, after the code, before its source map's line), and keeps the one whose pin
 * makes the script-tag file smallest. The code is the same in every variant; the file served gets
 * the low end of the spread rather than a draw, so a change is measured by what it adds, not by
 * the hash it happens to produce. Deterministic: the same sources give the same variant.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { placeholderOf, repin, withPins } from './pinned-hashes.js';

/** How many variants are tried (about 4 s of brotli at quality 11 in the build). */
export const VARIANTS = 64;

/** A variant's line; a file built before carries one, which the next build replaces. */
const VARIANT_LINE = /\n\/\/pin-variant:\d+(?=\n\/\/# sourceMappingURL=[^\n]*\s*$|$)/;

/** The variant a built part file is (`null` for a file without its line). */
export const variantOf = (code: string): number | null => {
  const line = VARIANT_LINE.exec(code)?.[0];
  return line ? Number(line.slice('\n//pin-variant:'.length)) : null;
};

const brotli = (code: string): number =>
  brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The part's code as the variant `n`: the variant line after the code, before the source map's. */
function variant(code: string, n: number): string {
  const plain = code.replace(VARIANT_LINE, '');
  const map = /\n\/\/# sourceMappingURL=[^\n]*\s*$/.exec(plain);
  const at = map ? map.index : plain.length;
  return `${plain.slice(0, at)}\n//pin-variant:${n}${plain.slice(at)}`;
}

const integrity = (code: string): string => `sha256-${createHash('sha256').update(code).digest('base64')}`;

/**
 * For the build of `scriptFile`, which pins the part `name` (`partFile`): picks the part's variant,
 * writes it over the part, and pins its hash. Runs after the minifiers, before `pinHashes`.
 */
export function pinVariant(scriptFile: string, name: string, partFile: string): Plugin {
  const placeholder = placeholderOf('part', name);
  return {
    name: 'pin-variant',
    generateBundle(_options, bundle) {
      const script = Object.values(bundle).find((file) => file.type === 'chunk' && file.fileName === scriptFile);
      if (script?.type !== 'chunk') throw new Error(`pin-variant: no ${scriptFile} in this build`);
      const part = readFileSync(partFile, 'utf8');
      const sizes = Array.from({ length: VARIANTS }, (_, n) => {
        const hash = integrity(variant(part, n));
        return { n, hash, size: brotli(withPins(script.code.replaceAll(placeholder, hash))) };
      });
      const best = sizes.reduce((smallest, each) => (each.size < smallest.size ? each : smallest));
      writeFileSync(partFile, variant(part, best.n));
      repin(placeholder, best.hash);
      const spread = sizes.map(({ size }) => size).sort((a, b) => a - b);
      this.info(
        `pin variant ${best.n} of ${VARIANTS}: ${scriptFile} ${best.size} B brotli (variants ${spread[0]} to ${spread.at(-1)})`,
      );
    },
  };
}
