/**
 * The countdowns' ticks: while the host has a deadline to count down to, one update just after each
 * whole server second ("04:59" changes when the server's does), which lets the host react to a
 * deadline passed. In the script-tag file itself, not in a part: a countdown never freezes for want
 * of one. Out of the document, no tick is pending (an update there sets none); back in it, the
 * host updates, and the ticks go on.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ServerClock } from '../api/server-clock.js';
import { TICK_OFFSET_MS } from '../core/quote-policy.js';

/** Attaches the ticks to `host`; returns what sets the next one, or none (call it after each update). */
export function countdownTicks(host: ReactiveControllerHost & Element, clock: ServerClock): (active: boolean) => void {
  let tick: ReturnType<typeof setTimeout> | undefined;
  host.addController({ hostConnected: () => host.requestUpdate(), hostDisconnected: () => clearTimeout(tick) });
  return (active) => {
    clearTimeout(tick);
    if (active && host.isConnected)
      tick = setTimeout(() => host.requestUpdate(), 1000 + TICK_OFFSET_MS - (clock.now() % 1000));
  };
}
