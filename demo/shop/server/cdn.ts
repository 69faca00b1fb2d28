/**
 * The demo serves its files the way a CDN would, so its pages measure what a merchant's would:
 * brotli or gzip by `Accept-Encoding` (compressed once per file version and kept), `Vary:
 * Accept-Encoding`, an `ETag` per representation with `If-None-Match` answered `304`, and
 * `Cache-Control`: a year and `immutable` for content-hashed names (`de-Dmu9IuJW.js`), `no-cache`
 * (revalidate every time, cheap with the ETag) for stable names such as the script-tag file.
 *
 * Strangers share this process (docs/design.md "The public demo"), so compression never runs on the
 * event loop: zlib's asynchronous calls work on libuv's thread pool while other requests are
 * served (the pages the server renders: compress-responses.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip' | 'identity';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};
/** Types worth compressing (text); images are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
/**
 * A bundler's content hash before the extension: `-Dmu9IuJW.js` (eight characters with a digit or
 * a capital, so `custom-elements.json` is not one).
 */
export const isHashedName = (path: string): boolean => /[-.](?=[\w-]{0,7}[A-Z0-9])[\w-]{8}\.[a-z0-9]+$/.test(path);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The encoding to send for an `Accept-Encoding` header: brotli, else gzip, else none; `q=0` refuses
 * one, `*` stands for any not named.
 */
export function negotiateEncoding(header: string | null | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Whether `If-None-Match` names `etag` (or is `*`); weak and strong forms compare equal. */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `body` in `encoding` (a copy in its own buffer, as a `Response` body wants), compressed on the
 * thread pool: the event loop serves other requests meanwhile.
 */
export async function compress(
  body: Uint8Array,
  encoding: Encoding,
  quality: 'static' | 'dynamic' = 'static',
): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br') {
    return new Uint8Array(
      await brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality === 'static' ? 11 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
  }
  return new Uint8Array(encoding === 'gzip' ? await gzipAsync(body, { level: quality === 'static' ? 9 : 6 }) : body);
}

interface Representation {
  body: Promise<Uint8Array<ArrayBuffer>>;
  etag: string;
}

interface CachedFile {
  version: string;
  type: string;
  hash: string;
  raw: Uint8Array;
  encoded: Partial<Record<Encoding, Representation>>;
}

/**
 * Serves the files of one folder at one mount (`cdnFiles(dist, '/dist/')`: `/dist/x.js` → `<dist>/x.js`);
 * anything else passes on. The path is taken as the router decoded it and never decoded again: one
 * still holding `%` (an encoded `/` or `.`), a backslash or a `..` segment is not a file name here.
 */
export function cdnFiles(folder: string, mount: string): MiddlewareHandler {
  const base = resolve(folder);
  const cache = new Map<string, CachedFile>();

  async function load(path: string): Promise<CachedFile | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const version = `${info.size}:${info.mtimeMs}`;
    const cached = cache.get(path);
    if (cached?.version === version) return cached;
    const raw = new Uint8Array(await readFile(path));
    const file: CachedFile = {
      version,
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      hash: createHash('sha256').update(raw).digest('base64url').slice(0, 22),
      raw,
      encoded: {},
    };
    cache.set(path, file);
    return file;
  }

  return async (c, next) => {
    const requested = c.req.path;
    if (!requested.startsWith(mount) || /[%\\]|(^|\/)\.\.(\/|$)/.test(requested)) return next();
    const path = resolve(base, requested.slice(mount.length));
    if (!path.startsWith(base + sep)) return next();
    const file = await load(path);
    if (!file) return next();
    const encoding = COMPRESSIBLE.test(file.type) ? negotiateEncoding(c.req.header('Accept-Encoding')) : 'identity';
    const representation = (file.encoded[encoding] ??= {
      // A failed compression is forgotten, so the next request tries again instead of failing for good.
      body: compress(file.raw, encoding).catch((error: unknown) => {
        delete file.encoded[encoding];
        throw error;
      }),
      etag: `"${file.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`,
    });
    const headers: Record<string, string> = {
      'Cache-Control': isHashedName(path) ? IMMUTABLE : REVALIDATE,
      ETag: representation.etag,
      Vary: 'Accept-Encoding',
    };
    if (etagMatches(c.req.header('If-None-Match'), representation.etag)) return c.body(null, 304, headers);
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const body = await representation.body;
    return c.body(body, 200, { ...headers, 'Content-Type': file.type, 'Content-Length': String(body.length) });
  };
}
