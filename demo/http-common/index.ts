/**
 * What the servers of demo/ share (the onramp API, the hosted checkout, the shop and the public demo): docs/design.md's error
 * envelope, bounded JSON bodies with the depth rule, the client address behind trusted proxies,
 * the request ids and hashes all make, which merchant origins may frame the checkout, and turns
 * per caller for large answers (with a body that says when it is done). No Hono app lives here.
 */
export { JSON_CONTENT_TYPE, envelopeError, errorBody, successBody } from './envelope.js';
export {
  DEFAULT_BODY_LIMIT_BYTES,
  MAX_JSON_DEPTH,
  boundedBody,
  canonicalJson,
  depthExceeds,
  jsonBodyError,
  parseJsonText,
  readJsonBody,
  type JsonBodyFailure,
} from './bounded-json.js';
export {
  LOOPBACK_PROXIES,
  NO_ADDRESS_BUCKET,
  addressBucket,
  clientAddress,
  normalizeAddress,
  parseTrustedProxies,
  requestClientAddress,
  watchRemoteAddresses,
  type TrustedProxies,
} from './client-address.js';
export { BASE62, newRequestId, randomBase62, sha256Hex } from './ids.js';
export { frameAncestors, isAllowedOrigin } from './merchant-origins.js';
export { whenStreamEnds } from './stream-end.js';
export { DEFAULT_TURNS, type Release, type TurnOptions, Turns } from './turns.js';
