/** The widget's events as one line of text each, for the demo pages' event logs. */
export { ONRAMP_EVENT_NAMES as ONRAMP_EVENTS } from '../../../src/components/onramp-checkout/event-names.js';

function summary(event: Event): string {
  if (!(event instanceof CustomEvent)) return '';
  const detail: unknown = event.detail;
  if (!detail || typeof detail !== 'object') return '';
  const { status, previousStatus, code, message, reason } = detail as Record<string, unknown>;
  if (typeof status === 'string') return `${String(previousStatus)} → ${status}`;
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
