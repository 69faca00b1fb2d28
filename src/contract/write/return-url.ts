/**
 * `return_url`'s rule (docs/design.md §10), written once: the contract's request schema
 * (`./session-request.ts`, and so the OpenAPI document) and the API's answer (`VALIDATION_ERROR`,
 * param `return_url`, demo/onramp-api/routes/rules.ts) both read it.
 *
 * Allowed: `https://…`; `http://…` on loopback only (localhost, 127.0.0.1, [::1]: a developer's own
 * machine); or an app's own scheme followed by `//` (`myapp://onramp/done`), for a native app the
 * buyer came from. Never a scheme that runs, reads or hands off something in the browser:
 * `javascript:`, `data:`, `file:`, `blob:`, `vbscript:`, `about:`, `intent:`. Schemes are compared
 * lowercased. Universal links / app links are plain https, and the recommended way (another app can
 * claim a scheme).
 */
import * as z from 'zod/mini';
import { REFUSED_SCHEMES } from '../refused-schemes.js';

/** Characters at most (after the surrounding white space is trimmed). */
export const RETURN_URL_MAX_LENGTH = 2000;

/** Schemes refused whatever follows them. */
export const REFUSED_RETURN_SCHEMES = REFUSED_SCHEMES;

/** Hosts on which plain http is allowed (as the URL parser writes them). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A scheme, then `//`: the start every allowed `return_url` has (any case; compared lowercased). */
export const RETURN_URL_START = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** `javascript:, data:, … about: or intent:` */
const refusedInWords = `${REFUSED_RETURN_SCHEMES.slice(0, -1)
  .map((scheme) => `${scheme}:`)
  .join(', ')} or ${REFUSED_RETURN_SCHEMES.at(-1)}:`;

/** What the API says when `return_url` breaks the rule. */
export const RETURN_URL_RULE = `return_url must be an https URL (http only on localhost, 127.0.0.1 or [::1]) or an app’s own scheme followed by //, such as myapp://onramp/done; never ${refusedInWords}; at most ${RETURN_URL_MAX_LENGTH} characters`;

/**
 * Whether `url` may be a session's `return_url`. The scheme judged is the one a browser reads: the
 * string must start with it (no white space or control character before it) and parse as a URL
 * with that very scheme.
 */
export function isAllowedReturnUrl(url: string): boolean {
  if (url.length > RETURN_URL_MAX_LENGTH) return false;
  const scheme = RETURN_URL_START.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || REFUSED_RETURN_SCHEMES.includes(scheme)) return false;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed?.protocol !== `${scheme}:`) return false;
  if (scheme === 'http') return LOOPBACK_HOSTS.has(parsed.hostname);
  return true;
}

/** Whether an allowed `return_url` leads to an app's own scheme (not a web page: https or http). */
export function isAppSchemeReturnUrl(url: string): boolean {
  const scheme = RETURN_URL_START.exec(url)?.[1]?.toLowerCase();
  return scheme !== undefined && scheme !== 'https' && scheme !== 'http';
}

/**
 * `return_url` as the request takes it: a URL (white space around it trimmed, as a URL parser does)
 * that keeps the rule. The document shows it is a URI, its length, its start (`pattern`) and the
 * rule in words.
 */
export const returnUrlSchema = z
  .url()
  .check(z.maxLength(RETURN_URL_MAX_LENGTH), z.regex(RETURN_URL_START), z.refine(isAllowedReturnUrl))
  .register(z.globalRegistry, {
    // The pattern check would otherwise leave out that it is a URL.
    format: 'uri',
    description: `Where the hosted checkout’s way back goes once the buyer is done, with onramp_session_id and onramp_status added to its query. An https URL (http only on localhost, 127.0.0.1 or [::1]), or an app’s own scheme followed by // (myapp://onramp/done) for a native app; a universal link or app link (https) is the recommended way back to an app, since another app can claim a scheme. Never ${refusedInWords} (schemes compared lowercased). At most ${RETURN_URL_MAX_LENGTH} characters.`,
  });
