/** The document's prose: the overview, the key types, the tags. docs/design.md's decisions in a reader's words. */
import { PAGE_LIMIT_MAX } from '../../../src/contract/product.js';

export const API_DESCRIPTION = `Sell crypto for fiat. Your server creates an onramp session with a secret key; the buyer pays in the \`<onramp-checkout>\` widget (publishable key and the session's client secret) or on the hosted checkout (\`redirect_url\`); your server follows the session by webhooks or by reading it.

**Keys.** Every request carries an API key in \`X-API-Key\`: \`<brand>_<live|test>_<sk|pk>_<random>\`. Secret keys (\`sk\`) stay on your server; publishable keys (\`pk\`) are accepted by two endpoints only, \`GET /v1/onramp\` (with the session's \`X-Client-Secret\`) and \`POST /v1/onramp/quote\`, which alone answer CORS requests. Test keys see only test-mode objects, live keys only live ones; another account's object is \`NOT_FOUND\`. Each operation names the key types and the permission it takes.

**Answers.** A success is \`{"success": true, "data": …}\`. Every other answer, unknown routes included, is the error envelope \`{"success": false, "error": {"code", "message", "param"?, "request_id"}}\` with a \`Request-Id\` header. Each operation lists the statuses it answers and the codes each carries; a method a path does not take is 405 \`METHOD_NOT_ALLOWED\` with \`Allow\`, an unknown path 404 \`NOT_FOUND\`. Clients should accept codes they do not know.

**Money.** \`fiat_amount\` is an integer in minor units (cents), 1000 to 1000000. Crypto amounts are decimal strings at the asset's precision, never floats. Fees are decimal numbers in major units in the creation answer, the quote and the session status, and integer minor units in the transaction answers.

**Retries.** \`POST /v1/onramp\` honours \`Idempotency-Key\`; a quote creates nothing and stores nothing, so it is simply asked again. Over a rate limit the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` (seconds): secret keys share one bucket per account and mode; publishable-key calls are limited per client address and per session.

**Bodies.** JSON objects (\`Content-Type: application/json\`) of at most 64 KiB (413 \`PAYLOAD_TOO_LARGE\`) and 32 levels. Lists are bounded (a page holds at most ${PAGE_LIMIT_MAX} transactions).

**Versioning.** The version is the path prefix \`/v1\`. Fields may be added to answers within \`v1\`; nothing is removed or changes meaning.`;

export const KEY_DESCRIPTIONS = {
  secret:
    'A secret key, `<brand>_live_sk_…` or `<brand>_test_sk_…`, for your server only. The scopes listed on an operation are the permission the key must hold.',
  publishable:
    'A publishable key, `<brand>_live_pk_…` or `<brand>_test_pk_…`, safe in a web page. It may hold `onramp:read` only, and reads a session only with that session’s `X-Client-Secret`.',
};

export const TAGS = [
  {
    name: 'Sessions',
    description:
      'A purchase: created by your server, paid by the buyer, followed to a final state (`completed`, `failed`, `expired`).',
  },
  { name: 'Quotes', description: 'Prices without a session.' },
  { name: 'Transactions', description: 'The history of sessions, paid or attempted.' },
  { name: 'API keys', description: 'Keys of the calling key’s own environment, with at most its permissions.' },
  { name: 'Webhook endpoints', description: 'Where session events are delivered, and the log of each delivery.' },
  { name: 'Test helpers', description: 'Test mode only: move a session along without waiting.' },
  {
    name: 'Webhook events',
    description: 'What your endpoint receives: one event per session status, signed with the endpoint’s secret.',
  },
];
