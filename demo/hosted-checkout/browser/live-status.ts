/**
 * Live status: poll the page's status URL once a second while processing (every 5 s while pending,
 * to notice expiry); on a change tell the merchant's page (and the native app, `seen`) and re-render
 * from the server.
 */
import type { PostHint } from './hints.js';

/** What `GET /pay/:id/status` answers (app.ts), as far as this page reads it. */
interface StatusAnswer {
  status?: unknown;
}

/**
 * Follows the session from `statusUrl` while it is `pending` or `processing`. `returning` says
 * whether the page is on its way back already: then the merchant's page follows the session, and
 * this one does not reload. `seen` hears the status the session moved to, before the reload.
 */
export function followStatus(
  statusUrl: string | null,
  status: string | null,
  post: PostHint,
  returning: () => boolean,
  seen: (status: unknown) => void = () => undefined,
): void {
  if (!statusUrl || (status !== 'processing' && status !== 'pending')) return;
  const interval = status === 'processing' ? 1000 : 5000;
  let inFlight = false;
  const poll = (): void => {
    if (inFlight || document.hidden) return;
    inFlight = true;
    void fetch(statusUrl, { headers: { Accept: 'application/json' }, cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<StatusAnswer | null>) : null))
      .then((data) => {
        inFlight = false;
        if (data?.status && data.status !== status) {
          seen(data.status);
          post('submitted');
          if (!returning()) window.location.reload();
        }
      })
      .catch(() => {
        inFlight = false;
      });
  };
  window.setInterval(poll, interval);
}
