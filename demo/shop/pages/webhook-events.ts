/**
 * The shop page's "Webhooks received" panel: polls the shop server's `GET /api/webhook-events`
 * (events it received from the sandbox and verified) every 1.5 s while the tab is visible.
 */
interface ReceivedEvent {
  id: string;
  type: string;
  session_id: string;
  status: string;
  received_at: string;
}

const POLL_MS = 1500;

function isEvent(value: unknown): value is ReceivedEvent {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['id', 'type', 'session_id', 'status', 'received_at'].every((k) => typeof v[k] === 'string');
}

export function startWebhookPanel(list: HTMLElement | null = document.getElementById('webhook-log')): void {
  if (!list) return;
  const shown = new Set<string>();
  let busy = false;
  const poll = async (): Promise<void> => {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch('/api/webhook-events', { cache: 'no-store' });
      const body = (await response.json()) as { events?: unknown };
      const events = Array.isArray(body.events) ? body.events.filter(isEvent) : [];
      // The server lists newest first; add the unseen ones oldest first so the newest ends on top.
      for (const event of events.reverse()) {
        if (shown.has(event.id)) continue;
        shown.add(event.id);
        const item = document.createElement('li');
        item.dataset.type = event.type;
        item.textContent = `${new Date(event.received_at).toLocaleTimeString()} ${event.type} ${event.session_id.slice(0, 12)}… (${event.id})`;
        list.prepend(item);
      }
    } catch {
      // The next poll tries again.
    } finally {
      busy = false;
    }
  };
  void poll();
  setInterval(() => void poll(), POLL_MS);
  document.addEventListener('visibilitychange', () => void poll());
}
