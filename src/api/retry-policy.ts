/** How long to wait before the next try after a failure: exponential backoff with jitter. */

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000 };

/** The longest delay a timer can hold: `setTimeout` fires at once past 2^31 - 1 ms. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Delay before retry number `attempt` (1-based): "equal jitter", half fixed and half random, so
 * many widgets failing together do not retry in step, yet none retries at once. A server's
 * `Retry-After` is a floor.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const exp = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exp / 2 + random() * (exp / 2);
  return Math.min(MAX_DELAY_MS, Math.max(jittered, retryAfterMs ?? 0));
}

/** `Retry-After` as delay-seconds or an HTTP date; `null` when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
