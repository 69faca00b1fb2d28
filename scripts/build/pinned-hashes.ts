/**
 * The hashes a build pins (each part's in the file that loads it, each catalogue's in the `later`
 * part) go into the source as placeholders of their length (`pinned`), and into the file after the
 * minifier (`pinHashes`, after `terserPass`): terser names variables by the characters the file
 * holds, strings included, so a real hash there would rename the whole file, and move its brotli
 * size by tens of bytes, each time a part changes.
 */
import type { Plugin } from 'vite';

const pins = new Map<string, string>();

/** The placeholder the source gets for `hash` (`sha256-…`), unique per kind and name. */
export function pinned(kind: string, name: string, hash: string): string {
  const placeholder = placeholderOf(kind, name, hash);
  if (placeholder.length !== hash.length) throw new Error(`pin ${kind} ${name}: no placeholder of its length`);
  pins.set(placeholder, hash);
  return placeholder;
}

/** The placeholder of a pin of `kind` and `name`, as long as `hash` (`sha256-…`). */
export function placeholderOf(kind: string, name: string, hash = `sha256-${'A'.repeat(43)}=`): string {
  const [algorithm = '', digest = ''] = hash.split('-');
  return `${algorithm}-${`${kind}_${name}`.replace(/[^A-Za-z0-9_]/g, '_').padEnd(digest.length - 1, '_')}=`;
}

/** Pins `hash` in place of the one `placeholder` had (`pinVariant`: a part rewritten after it was pinned). */
export function repin(placeholder: string, hash: string): void {
  if (!pins.has(placeholder)) throw new Error(`no pin ${placeholder}`);
  pins.set(placeholder, hash);
}

/** `code` with every pinned hash written over its placeholder. */
export const withPins = (code: string): string =>
  [...pins].reduce((pinnedCode, [placeholder, hash]) => pinnedCode.replaceAll(placeholder, hash), code);

/** Writes every pinned hash over its placeholder, once the minifiers are done (same length: source maps hold). */
export function pinHashes(): Plugin {
  return {
    name: 'pin-hashes',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = withPins(file.code);
    },
  };
}
