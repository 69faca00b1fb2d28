/**
 * The one list of problems: every misconfiguration the widget or a page can show, with a stable
 * code, its cause and the exact fix, in English for the merchant. The widget reports them
 * (`onramp-error` / `onramp-warning` and the console, through the on-demand diagnostics part), the
 * doctor (`npx onramp-checkout doctor <url>`) finds them in a page before it goes live, and
 * `docs/troubleshooting.md` is written from this file (`scripts/build/troubleshooting.ts`; a test
 * fails when a code lacks its doc entry or a test).
 *
 * Texts are templates: `{name}` is filled with the values of the moment (the origin to add, the
 * attribute's value), as text, never HTML. Not in the script-tag file: the widget imports types
 * only, and loads the texts when it has something to say.
 */

import { PAGE_FILE_PROBLEMS } from './page-file-problems.js';
import { type Problem, type ProblemKind, type ProblemText, type ProblemValues, problem } from './problem.js';
import { kindOf } from './problem-behaviour.js';

export type { Problem, ProblemFinder, ProblemKind, ProblemValues } from './problem.js';

const TEXTS = {
  // ── Keys and the client secret ─────────────────────────────────────────────────────────────
  SECRET_KEY_REFUSED: problem(
    'both',
    'A secret key in the page',
    'publishable-key holds a secret key (…_sk_…). A secret key can create sessions, read every transaction and manage keys: it must never reach a browser, and the widget refuses it before any request.',
    'Put the publishable key (…_pk_…) in publishable-key, and rotate the secret key now (POST /v1/keys, then revoke this one): it has been exposed to everyone who loaded the page.',
  ),
  INVALID_PUBLISHABLE_KEY: problem(
    'both',
    'The publishable key is missing or malformed',
    "publishable-key is empty (and no key or client secret was set within 3 s of the element's mount, as a framework would) or is not a key of the form <brand>_<live|test>_pk_<random>.",
    'Set publishable-key to your publishable key, exactly as the API showed it (for example onramp_test_pk_…).',
  ),
  INVALID_CLIENT_SECRET: problem(
    'both',
    'The client secret is missing or malformed',
    'client-secret is empty or is not a client secret of the form ors_<id>_secret_<random>.',
    'Set client-secret to the client_secret of the session your server created (POST /v1/onramp), for this buyer, on every page load.',
  ),
  KEY_AND_SECRET_SWAPPED: problem(
    'both',
    'The key and the client secret are swapped',
    'publishable-key holds a client secret (ors_…_secret_…) and client-secret holds an API key.',
    'Swap the two values: publishable-key="…_pk_…" and client-secret="ors_…_secret_…".',
  ),
  KEY_MODE_MISMATCH: problem(
    'widget',
    'Live key with a test session, or the reverse',
    'The session is in {sessionMode} mode and the publishable key is a {keyMode} key. {detail}',
    'Use the {sessionMode} publishable key with this session, or create the session with the {keyMode} secret key: keys and sessions of one page must be of the same mode.',
  ),
  UNAUTHORIZED: problem(
    'widget',
    'The API refused the publishable key',
    'The API at {apiOrigin} answered 401: the publishable key is unknown there, revoked, or belongs to another provider. {detail}',
    'Set publishable-key to a current publishable key of the account that created the session (the provider\'s keys page or POST /v1/keys with type "publishable"), and check that api-base points at that provider.',
  ),
  FORBIDDEN: problem(
    'widget',
    'The key may not read this session',
    'The API at {apiOrigin} answered 403: the publishable key lacks onramp:read. {detail}',
    'Create the publishable key with the onramp:read permission (the default for publishable keys).',
  ),
  SESSION_NOT_FOUND: problem(
    'widget',
    'The session was not found',
    'The API at {apiOrigin} has no session for this client secret with this key: it belongs to another account, was created by another server, or the client secret was cut short.',
    'Create the session with the secret key of the same account as publishable-key, on the API that api-base names, and pass its client_secret unchanged.',
  ),
  LIVE_KEY_INSECURE_PAGE: problem(
    'both',
    'A live key on a page that is not https',
    "The page {pageOrigin} is not served over https, and the widget holds a live key: anyone on the buyer's network can read the client secret and change the page.",
    'Serve the page over https (test keys may use http on localhost).',
  ),

  // ── The provider's addresses ────────────────────────────────────────────────────────────────
  MISSING_API_BASE: problem(
    'both',
    'api-base is missing',
    'The element has no api-base, and the page {pageOrigin} is not a loopback page with a test key, where the local sandbox (http://127.0.0.1:8787) would be used. The widget sends no request.',
    'Set api-base to your onramp provider\'s API URL, ending before /v1 (for example api-base="https://api.your-onramp.example").',
  ),
  INVALID_API_BASE: problem(
    'both',
    'api-base is not an https URL',
    'api-base is "{apiBase}": the widget sends keys only to an absolute https URL (http only on localhost, 127.0.0.1 or [::1]) without credentials.',
    'Set api-base to the API\'s https URL, ending before /v1 (for example api-base="https://api.your-onramp.example").',
  ),
  MISSING_CHECKOUT_ORIGIN: problem(
    'both',
    'checkout-origin is missing',
    'The element has no checkout-origin, and the page {pageOrigin} is not a loopback page with a test key, where the local sandbox (http://127.0.0.1:8788) would be used. Without it no redirect_url can be checked, so none is opened.',
    'Set checkout-origin to the origin of your provider\'s hosted checkout, the scheme, host and port of redirect_url (for example checkout-origin="https://checkout.your-onramp.example").',
  ),
  INVALID_CHECKOUT_ORIGIN: problem(
    'both',
    'checkout-origin is not an https origin',
    'checkout-origin is "{checkoutOrigin}": it must be an absolute https origin (http only on localhost, 127.0.0.1 or [::1]).',
    "Set checkout-origin to the hosted checkout's https origin, the scheme, host and port of redirect_url.",
  ),
  UNSAFE_REDIRECT_URL: problem(
    'both',
    'redirect_url is not on checkout-origin',
    "The session's redirect_url is on {redirectOrigin}, and checkout-origin is {checkoutOrigin}: the widget opens the hosted checkout only on exactly that origin, over https (or http on localhost).",
    'Set checkout-origin="{redirectOrigin}" if that is your provider\'s checkout, or pass the redirect_url your provider returned, unchanged, in redirect-url.',
  ),
  MISSING_REDIRECT_URL: problem(
    'widget',
    'No link to the hosted checkout',
    "The API's status answer has no redirect_url (the spec's shape has none), and the element has no redirect-url attribute or session property.",
    'Write the redirect_url of the creation response into the element: redirect-url="…", or hand it the whole creation response as the session property.',
  ),

  // ── The API ─────────────────────────────────────────────────────────────────────────────────
  API_UNREACHABLE: problem(
    'both',
    'The API cannot be reached',
    'No answer from {url}: nothing listens there, the host name does not resolve, or a firewall drops it. The buyer is offered the hosted payment page when the widget knows redirect_url, and the widget keeps trying.',
    'Check that api-base ("{apiBase}") is your provider\'s API URL and that it is reachable from the buyer\'s browser.',
  ),
  API_CORS_REFUSED: problem(
    'both',
    'The API refuses this page (CORS)',
    "The server at {apiOrigin} answers, but not to this page's cross-origin request: its CORS headers do not allow {pageOrigin} with the X-API-Key and X-Client-Secret headers, or api-base points at a server that is not the onramp API.",
    'Check api-base ("{apiBase}"), which ends before /v1; if it is right, the API (or a proxy in front of it) must answer GET /v1/onramp and POST /v1/onramp/quote with CORS for publishable keys.',
  ),
  API_NOT_AN_ONRAMP_API: problem(
    'both',
    'api-base points at something that is not the API',
    "{url} answered {status} with {contentType}, not the API's JSON: api-base points at a web page, a proxy's error page or another service.",
    "Set api-base to the API's base URL, the part before /v1 (for example https://api.your-onramp.example, not …/v1 and not the checkout's address).",
  ),

  // ── The page's Content-Security-Policy ──────────────────────────────────────────────────────
  CSP_CONNECT_SRC: problem(
    'both',
    "The page's CSP blocks the API",
    "The page's Content-Security-Policy ({directive}) refused the request to {blocked}.",
    "Add {apiOrigin} to the connect-src directive of the page's Content-Security-Policy.",
  ),
  CSP_FRAME_SRC: problem(
    'both',
    "The page's CSP blocks the checkout frame",
    "The page's Content-Security-Policy ({directive}) refused to frame {blocked}, so the hosted checkout opens in a popup or a new tab instead of inside the card.",
    "Add {checkoutOrigin} to the frame-src directive of the page's Content-Security-Policy.",
  ),
  CSP_SCRIPT_SRC: problem(
    'doctor',
    "The page's CSP blocks the widget's script",
    "The page's Content-Security-Policy ({directive}) refused the script {blocked}.",
    "Add the script's origin ({blocked}) to the script-src directive of the page's Content-Security-Policy, or give the script tag the page's nonce.",
  ),
  CSP_TRUSTED_TYPES: problem(
    'both',
    "The page's CSP refuses the widget's Trusted Types policy",
    'The page\'s Content-Security-Policy allows only other Trusted Types policies, so the policy "{policy}" cannot be created.',
    "Add {policy} to the trusted-types directive of the page's Content-Security-Policy (the widget needs lit-html and onramp-checkout).",
  ),

  // ── The hosted checkout ─────────────────────────────────────────────────────────────────────
  CHECKOUT_FRAME_REFUSED: problem(
    'widget',
    'The hosted checkout refuses to be framed by this page',
    "The page's CSP allows {checkoutOrigin} in frames, but the hosted checkout did not load inside the card: its frame-ancestors does not list this page's origin, {pageOrigin}. The buyer pays in a popup or a new tab instead.",
    'Ask your onramp provider to allow {pageOrigin} as a merchant origin (the sandbox: SANDBOX_MERCHANT_ORIGINS={pageOrigin}).',
  ),

  // ── The widget's own files and layout ───────────────────────────────────────────────────────
  PART_LOAD_FAILED: problem(
    'widget',
    'A part of the widget could not be loaded',
    "The widget's file {part} did not load from {url}: it is missing beside the script-tag file, its bytes differ from the ones this script pinned (a newer or older copy), the page's CSP refused it (a script-src that allows the script-tag file by its full URL only), or the network refused it. The order, its countdowns and Pay still work, and the status line says how the session ended; the final screens and the price's refresh wait for it.",
    "Serve the package's dist/cdn/ folder as it is, one version, beside onramp-checkout.iife.js, and let script-src allow that directory (or its origin), not the one file.",
  ),

  CONTAINER_TOO_NARROW: problem(
    'widget',
    'The container is narrower than the card',
    'The element is {width} px wide; the card needs 280 px to show amounts and the Pay button without clipping.',
    'Give the element at least 280 px: min-width: 280px on it, or a wider column for it.',
  ),
  DUPLICATE_DEFINITION: problem(
    'widget',
    'Two different copies of the widget',
    '<onramp-checkout> was already defined by another copy ({otherVersion}) when this one ({version}) loaded: every element on the page is the first copy, and this one is unused.',
    'Load the widget once: either the script tag or the npm package, of one version.',
  ),

  // ── The page as the doctor reads it ─────────────────────────────────────────────────────────
  // The page's files as the doctor reads them (page-file-problems.ts).
  ...PAGE_FILE_PROBLEMS,
  ELEMENT_NOT_FOUND: problem(
    'doctor',
    'No <onramp-checkout> in the page',
    'The page as the server sends it has no <onramp-checkout> element, so its attributes cannot be checked (a framework may create it later in the browser).',
    'Nothing, if your scripts create the element; otherwise write <onramp-checkout publishable-key client-secret api-base checkout-origin> into the page.',
  ),

  // ── Runtime conditions (the widget retries by itself) ───────────────────────────────────────
  NETWORK_ERROR: problem(
    'widget',
    'A request failed on the network',
    'A request to {url} failed before an answer arrived.',
    'Nothing while it passes: the widget retries with backoff. If it lasts, API_UNREACHABLE, API_CORS_REFUSED or CSP_CONNECT_SRC follows with the exact fix.',
  ),
  TIMEOUT: problem(
    'widget',
    'The API took too long',
    'A request to {url} had no answer within 15 s.',
    'Nothing while it passes: the widget retries with backoff.',
  ),
  OFFLINE: problem(
    'widget',
    'The buyer is offline',
    'The browser reports no network connection.',
    'Nothing: the widget resumes when the browser is back online.',
  ),
  SERVER_ERROR: problem(
    'widget',
    'The API had a problem',
    'The API at {apiOrigin} answered {status}. {detail}',
    'Nothing while it passes: the widget retries with backoff. If it lasts, quote the request id to your provider.',
  ),
  RATE_LIMITED: problem(
    'widget',
    'Too many requests',
    'The API at {apiOrigin} answered 429 Too Many Requests.',
    'Nothing: the widget waits as long as Retry-After says, then retries.',
  ),
  MALFORMED_RESPONSE: problem(
    'widget',
    'An answer the widget cannot read',
    'The API at {apiOrigin} answered JSON that is not the session the widget asked for.',
    'Nothing while it passes: the widget retries. If it lasts, check that api-base points at an onramp API that follows the spec.',
  ),
  SESSION_CREATE_FAILED: problem(
    'widget',
    "The merchant's session-url made no session",
    'Amount first: "Continue" sent the order to {url} (or to the createSession property), which did not answer with a session creation response ({status} {detail}). The buyer sees the form again with everything they typed, and may try again.',
    "Make {url} create the session with your secret key and answer with POST /v1/onramp's creation response (the envelope or its data, with session_id and client_secret): onramp-checkout/server gives a handler. Read its own logs for the refusal; check that the page may reach it (same origin, cookies).",
  ),

  SESSION_CREATE_BUSY: problem(
    'widget',
    "The merchant's session-url is busy",
    'Amount first: "Continue" sent the order to {url}, which answered 429 (Retry-After {retryAfter} s): createOrderHandler\'s ceiling of sessions or this visitor\'s bucket is spent, or the API limited your secret key. The buyer reads that checkout is busy and may try again shortly, with everything they typed kept.',
    "Nothing while it passes. If real buyers meet it, raise createOrderHandler's ceiling (keep it below what your secret key may call) or its per-visitor limit; its onError hook is told when the ceiling refuses orders (OrderCeilingError, at most once a minute).",
  ),

  ORDER_CHANGED: problem(
    'widget',
    "The merchant's server started another order than the buyer's",
    'Amount first: the buyer chose an order in the form, and the session your session-url (or createSession) created is for another one ({detail}). The card stops before Pay: the buyer pays only the order they chose.',
    "Create the session from the order exactly as the widget POSTs it (fiat_amount, fiat_currency, crypto_currency, network, wallet_address); when your rules do not allow it, refuse it (an error answer, which the form shows) rather than change it. onramp-checkout/server's createOrderHandler does both.",
  ),

  QUOTE_REFRESH_FAILED: problem(
    'widget',
    'The price could not be refreshed',
    'POST /v1/onramp/quote on {apiOrigin} failed; the order stays on screen and the hosted checkout shows its own price.',
    'Nothing while it passes: the widget retries with backoff.',
  ),
  BAD_REQUEST: problem(
    'widget',
    'The API refused a request',
    'The API at {apiOrigin} answered {status}: {detail}',
    "Check the session's order and the element's attributes against the message above.",
  ),
  INVALID_CONFIGURATION: problem(
    'widget',
    'The element is misconfigured (no longer reported)',
    'Earlier versions reported every misconfiguration with this code; each now has its own, above.',
    'Match on the specific codes (MISSING_API_BASE, INVALID_API_BASE, MISSING_REDIRECT_URL, …).',
  ),
} satisfies Record<string, ProblemText>;

export type ProblemCode = keyof typeof TEXTS;

/** Every problem: its words, and its kind as its behaviour says (`problem-behaviour.ts`). */
export const PROBLEMS = Object.fromEntries(
  Object.entries(TEXTS).map(([code, text]) => [code, { ...text, kind: kindOf(code) }]),
) as Record<ProblemCode, Problem>;

/** The codes in the list's order. */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** A template filled with `values` (missing ones read as empty), spaces tidied. */
export function fillProblem(template: string, values: ProblemValues): string {
  return template
    .replace(/\{(\w+)\}/g, (_match, name: string) =>
      Object.hasOwn(values, name) ? (values[name as keyof ProblemValues] ?? '') : '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A problem's cause and fix for these values. */
export function explainProblem(code: ProblemCode, values: ProblemValues = {}): { cause: string; fix: string } {
  const { cause, fix } = PROBLEMS[code];
  return { cause: fillProblem(cause, values), fix: fillProblem(fix, values) };
}

/** A problem as the merchant reads it. */
export interface Diagnosis {
  code: ProblemCode;
  kind: ProblemKind;
  cause: string;
  fix: string;
}
