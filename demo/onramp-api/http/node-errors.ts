/**
 * The error envelope for requests that never reach the app: a request target the adapter cannot
 * turn into a URL (raw non-ASCII bytes, say), and HTTP the parser rejects (garbage, headers over
 * Node's limit). Without this, Node and the adapter answer those with a bare 400 or 431: no JSON,
 * no `Request-Id`.
 */
import type { Duplex } from 'node:stream';
import { newRequestId } from '../../http-common/ids.js';
import { ErrorAnswer } from './errors.js';
import { JSON_CONTENT_TYPE, errorBody } from '../../http-common/envelope.js';

function errorFor(error: unknown): ErrorAnswer {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'HPE_HEADER_OVERFLOW') return new ErrorAnswer('PAYLOAD_TOO_LARGE', 'The request headers are too large');
  return new ErrorAnswer(
    'VALIDATION_ERROR',
    'The request could not be read: check the request line, the path and the headers',
  );
}

/** For the adapter's `errorHandler`: a request it could not build (the app never saw it). */
export function unreadableRequestResponse(error: unknown): Response {
  const apiError = errorFor(error);
  const requestId = newRequestId();
  return new Response(errorBody(apiError.code, apiError.message, requestId), {
    status: apiError.status,
    headers: {
      'Content-Type': JSON_CONTENT_TYPE,
      'Request-Id': requestId,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** For the server's `clientError` event: HTTP the parser rejected; answers and closes the socket. */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const apiError = errorFor(error);
  const requestId = newRequestId();
  const body = errorBody(apiError.code, apiError.message, requestId);
  // An answer to HEAD has no body (its length is still announced).
  const isHead = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${apiError.status} ${apiError.status === 413 ? 'Payload Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRequest-Id: ${requestId}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
  );
}
