/**
 * The demo shop's server calls the onramp API as any merchant's server does: with its secret key,
 * over HTTP, to the API's address on this machine. In the hosted demo it passes on the visitor's
 * address (`X-Forwarded-For`), so the API's per-address limits see the visitor, not this server.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface SandboxReply {
  status: ContentfulStatusCode;
  json: unknown;
}

export interface SandboxCall {
  /** The API's internal URL (`SandboxHandle.internalApiUrl`). */
  apiUrl: string;
  key: string;
  /** The visitor's address, forwarded in the hosted demo. */
  forwardedFor?: string | undefined;
}

function sandboxFetch(call: SandboxCall, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${call.apiUrl}${path}`, {
    method,
    headers: {
      'X-API-Key': call.key,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(call.forwardedFor ? { 'X-Forwarded-For': call.forwardedFor } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * The sandbox's answer as it came (status, JSON type, length, the body streamed): for answers the
 * demo passes on unchanged, which it need neither parse nor write again (a page of transactions
 * can be most of a megabyte).
 */
export async function forwardSandbox(call: SandboxCall, method: string, path: string): Promise<Response> {
  const answer = await sandboxFetch(call, method, path);
  const headers = new Headers({ 'Content-Type': answer.headers.get('Content-Type') ?? 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  for (const name of ['Content-Length', 'Request-Id', 'Retry-After']) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}

export async function callSandbox(call: SandboxCall, method: string, path: string, body?: unknown): Promise<SandboxReply> {
  const response = await sandboxFetch(call, method, path, body);
  const json: unknown = await response.json();
  return { status: response.status as ContentfulStatusCode, json };
}

/** The `data` of a success envelope, or undefined. */
export const dataOf = (reply: SandboxReply): unknown => (reply.json as { data?: unknown } | null)?.data;
