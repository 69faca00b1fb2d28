/**
 * The native app's bridge (docs/design.md "Native apps"): when the page is the top frame of a WebView
 * that exposes one (`nativeHost`), it tells the app what it shows, in the contract's messages
 * (src/contract/bridge-protocol.ts): `ready` when the order is first on screen, `status-change` when
 * the session moved, `completed` / `failed` / `expired` once per session, `close` when the buyer
 * takes the way back,
 * and `open-url` for a link that would open a new window, which a WebView would lose. Without a
 * bridge, or in a frame, nothing here runs and the page is as it always was.
 *
 * The page is rendered by the server and reloads when the status moves (live-status.ts), and the
 * buyer's payment is a form POST that answers with the next page: what the app was last told is
 * kept in `sessionStorage` for this session, so a reload posts nothing, `ready` comes once in this
 * tab, and the status change that led to a page is posted once, by the poll that saw it (before it
 * reloads) or by the page it led to. Where storage is blocked (a WebView without DOM storage, which
 * docs/mobile.md says to turn on), the poll still posts the changes it sees, the change a payment's
 * answer brings is not known, and each load posts `ready` and a final page its outcome: a repeat
 * rather than a loss.
 *
 * Never the client secret, card data or the checkout's token: the messages carry the session's id,
 * statuses and transaction hash, and the writer (`bridgeMessage`) redacts any token left in a text.
 */
import { bridgeMessage, type BridgeMessage, type BridgeSessionStatus } from '../../../src/contract/bridge-protocol.js';
import { nativeHost, postToHost } from '../../../src/parts/bridge/native-host.js';

const STATUSES: readonly string[] = ['pending', 'processing', 'completed', 'failed', 'expired'];
const FINAL: readonly string[] = ['completed', 'failed', 'expired'];

const sessionStatus = (value: unknown): BridgeSessionStatus | null =>
  typeof value === 'string' && STATUSES.includes(value) ? (value as BridgeSessionStatus) : null;

/** What the app was last told of this session, in this tab: the status, and whether its outcome was posted. */
interface Told {
  status: BridgeSessionStatus;
  outcome: boolean;
}

/** The page's side of the bridge, once it has found one. */
export interface CheckoutBridge {
  /** The poll saw the session move to `status`: tell the app now (the page reloads next). */
  statusSeen(status: unknown): void;
  /** The buyer is done (the way back, or the back link): the app may close the view. */
  close(): void;
}

export interface BridgePage {
  sessionId: string | null;
  /** The status the page shows (`data-status`). */
  status: string | null;
  /** The transaction's hash on a completed page (`data-tx-hash`). */
  txHash: string | null;
}

/**
 * Finds the app's bridge and posts what this page load has to tell; `null` without a bridge, in a
 * frame, or on a page without a session (a problem page).
 */
export function startNativeBridge({ sessionId, status: shown, txHash }: BridgePage): CheckoutBridge | null {
  const status = sessionStatus(shown);
  const host = sessionId && status ? nativeHost(window) : null;
  if (!host || !sessionId || !status) return null;
  const post = (message: BridgeMessage): void => postToHost(host, message);
  const key = `onramp-bridge:${sessionId}`;
  const recall = (): Told | null => {
    try {
      const told = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Partial<Told> | null;
      const last = sessionStatus(told?.status);
      return last ? { status: last, outcome: told?.outcome === true } : null;
    } catch {
      return null; // storage blocked, or a value that is not ours
    }
  };
  const remember = (told: Told): void => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(told));
    } catch {
      /* storage blocked: the next load cannot know what was told */
    }
  };

  const told = recall();
  // Nothing told yet in this tab: the order is on screen for the first time.
  if (!told) post(bridgeMessage('ready', { sessionId, status }));
  else if (told.status !== status) {
    post(bridgeMessage('status-change', { sessionId, status, previousStatus: told.status }));
  }
  let outcome = told?.status === status && told.outcome;
  if (FINAL.includes(status) && !outcome) {
    post(
      status === 'completed'
        ? bridgeMessage('completed', { sessionId, txHash })
        : bridgeMessage(status === 'failed' ? 'failed' : 'expired', { sessionId }),
    );
    outcome = true;
  }
  remember({ status, outcome });

  // A link that would open a new window: the app opens it (a WebView has no windows to open).
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[target="_blank"]') : null;
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || !/^https?:/.test(link.href)) return;
    event.preventDefault();
    post(bridgeMessage('open-url', { url: link.href, reason: 'link' }));
  });

  let last = status;
  return {
    statusSeen(value) {
      const next = sessionStatus(value);
      if (!next || next === last) return;
      post(bridgeMessage('status-change', { sessionId, status: next, previousStatus: last }));
      last = next;
      remember({ status: next, outcome: false });
    },
    close: () => post(bridgeMessage('close', { sessionId })),
  };
}
