/** Lists every `onramp-*` event of the page, as text, so a visitor sees what a merchant receives. */
import { eventLine, ONRAMP_EVENTS } from './event-summary.js';

export function startEventLog(list: HTMLElement | null = document.getElementById('event-log')): void {
  if (!list) return;
  for (const type of ONRAMP_EVENTS) {
    document.addEventListener(type, (event) => {
      const item = document.createElement('li');
      item.textContent = eventLine(event);
      list.prepend(item);
    });
  }
}

startEventLog();
