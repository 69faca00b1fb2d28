/** Lists every `onramp-*` event of the page, as text, so a visitor sees what a merchant receives. */
const EVENTS = [
  'onramp-ready',
  'onramp-status-change',
  'onramp-quote-expired',
  'onramp-quote-refreshed',
  'onramp-completed',
  'onramp-failed',
  'onramp-expired',
  'onramp-error',
  'onramp-fallback',
] as const;

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

export function startEventLog(list: HTMLElement | null = document.getElementById('event-log')): void {
  if (!list) return;
  for (const type of EVENTS) {
    document.addEventListener(type, (event) => {
      const item = document.createElement('li');
      const time = new Date().toLocaleTimeString();
      item.textContent = `${time} ${type} ${summary(event)}`.trim();
      list.prepend(item);
    });
  }
}

startEventLog();
