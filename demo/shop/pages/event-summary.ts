/** The widget's events as one line of text each, for the demo pages' event logs. */
import type { OnrampEventMap } from '../../../src/index.js';

/** Every event the element sends, as a merchant's page lists them (the type fails on one left out). */
const EVENTS = {
  'onramp-ready': true,
  'onramp-status-change': true,
  'onramp-quote-expired': true,
  'onramp-quote-refreshed': true,
  'onramp-price-change': true,
  'onramp-completed': true,
  'onramp-failed': true,
  'onramp-expired': true,
  'onramp-error': true,
  'onramp-warning': true,
  'onramp-fallback': true,
} as const satisfies Record<keyof OnrampEventMap, true>;
export const ONRAMP_EVENTS = Object.keys(EVENTS) as (keyof OnrampEventMap)[];

function summary(event: Event): string {
  if (!(event instanceof CustomEvent)) return '';
  const detail: unknown = event.detail;
  if (!detail || typeof detail !== 'object') return '';
  const { status, previousStatus, code, message, reason, previous, current, accepted } = detail as Record<
    string,
    unknown
  >;
  if (typeof status === 'string') return `${String(previousStatus)} → ${status}`;
  if (typeof current === 'string') return `${String(previous)} → ${current}${accepted ? '' : ' (to accept)'}`;
  if (typeof code === 'string') return `${code}: ${String(message)}`;
  if (typeof reason === 'string') return reason;
  return '';
}

/** `10:04:05 onramp-status-change pending → processing`. */
export function eventLine(event: Event): string {
  return `${new Date().toLocaleTimeString()} ${event.type} ${summary(event)}`.trim();
}

/** `10:04:05 status pending (when the log started)`: the state a late log found, not an event. */
export function statusLine(status: string): string {
  return `${new Date().toLocaleTimeString()} status ${status} (when the log started)`;
}
