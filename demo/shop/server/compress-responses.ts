/**
 * Compresses the pages the server renders (HTML, JSON) for clients that accept it: fast settings,
 * since they are made per request, on libuv's thread pool (cdn.ts `compress`), and only from
 * DYNAMIC_COMPRESS_MIN up to DYNAMIC_COMPRESS_MAX. An answer of unknown length (streamed: the console's transaction pages) is
 * read up to that bound, never further: past it, what was read and the rest go on as they are.
 */
import type { MiddlewareHandler } from 'hono';
import { compress, negotiateEncoding } from './cdn.js';

/**
 * Dynamic answers larger than this are sent uncompressed: compressing a megabyte per request (a
 * page of 100 transactions with the largest metadata) would let one visitor's requests fill the
 * thread pool that every visitor's compression and file reads share.
 */
export const DYNAMIC_COMPRESS_MAX = 256 * 1024;
/**
 * Answers smaller than this are sent as they are: an error envelope (every 429 of a flood) would
 * save a few dozen bytes for about 0.35 ms of CPU and a trip through the thread pool.
 */
export const DYNAMIC_COMPRESS_MIN = 1024;

interface Start {
  chunks: Uint8Array[];
  length: number;
  /** The reader of the rest, when the body goes on past `max`. */
  rest: ReadableStreamDefaultReader<Uint8Array> | null;
}

/** The body's first chunks, read until it ends or passes `max` bytes. */
async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Start> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length <= max) {
    const { done, value } = await reader.read();
    if (done) return { chunks, length, rest: null };
    chunks.push(value);
    length += value.byteLength;
  }
  return { chunks, length, rest: reader };
}

/** `chunks`, then the rest of `reader`, each read only when the socket asks (the source keeps its pace). */
function joined(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = chunks.shift();
        if (chunk) {
          controller.enqueue(chunk);
          return;
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    const source = c.res.body;
    if (c.res.headers.has('Content-Encoding') || !source || !/^(text\/html|application\/json)/.test(type)) return;
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    const length = Number(c.res.headers.get('Content-Length') ?? Number.NaN);
    if (encoding === 'identity' || length > DYNAMIC_COMPRESS_MAX || length < DYNAMIC_COMPRESS_MIN) {
      c.res.headers.append('Vary', 'Accept-Encoding');
      return;
    }
    const headers = new Headers(c.res.headers);
    headers.append('Vary', 'Accept-Encoding');
    const start = await readUpTo(source, DYNAMIC_COMPRESS_MAX);
    // Hono copies the old response's headers onto the new one: drop those the new one replaces.
    c.res.headers.delete('Vary');
    if (start.rest) {
      c.res = new Response(joined(start.chunks, start.rest), { status: c.res.status, headers });
      return;
    }
    if (start.length < DYNAMIC_COMPRESS_MIN) {
      c.res = new Response(Buffer.concat(start.chunks), { status: c.res.status, headers });
      return;
    }
    const body = await compress(Buffer.concat(start.chunks), encoding, 'dynamic');
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.length));
    c.res.headers.delete('Content-Length');
    c.res = new Response(body, { status: c.res.status, headers });
  };
}
