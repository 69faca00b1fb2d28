/**
 * Lists every `onramp-*` event of the page, as text, so a visitor sees what a merchant receives.
 *
 * This module may run after the widget has started (script order differs by engine: in WebKit the
 * widget's first events fired before it), and events are never fired again for a late listener. So
 * it does what docs/reference.md ("Events") tells merchants: listen, then read each widget's reflected `status`, the
 * state it is in now; every later change arrives as an event.
 */
import { eventLine, ONRAMP_EVENTS, statusLine } from './event-summary.js';

export function startEventLog(list: HTMLElement | null = document.getElementById('event-log')): void {
  if (!list) return;
  const add = (line: string) => {
    const item = document.createElement('li');
    item.textContent = line;
    list.prepend(item);
  };
  for (const type of ONRAMP_EVENTS) document.addEventListener(type, (event) => add(eventLine(event)));
  for (const widget of document.querySelectorAll('onramp-checkout')) {
    const status = widget.getAttribute('status');
    if (status) add(statusLine(status));
  }
}

startEventLog();
