/**
 * The hosted checkout's behaviour, bundled into /assets/checkout.js (../script.ts). The page works
 * without it; it adds input formatting, a pending state on submit, live status updates while
 * processing, postMessage hints to the embedding merchant page (iframe parent or popup opener) at an
 * explicit, server-approved origin, and the way back: once the session is processing or final, a
 * page of its own returns the buyer to the merchant (a popup closes) after an announced delay,
 * unless they choose to stay. In a native app's WebView with a bridge, it tells the app what the
 * page shows and leaves the way back to the app (native-bridge.ts). What it reads comes from the
 * `data-*` attributes page.ts writes, and the words it writes from the page's texts block
 * (texts.ts), in the page's language.
 */
import { announceSubmit, focusFirstProblem, formatCardInputs } from './card-form.js';
import { hintPoster, reportHeight } from './hints.js';
import { followStatus } from './live-status.js';
import { startNativeBridge } from './native-bridge.js';
import { pageTexts } from './texts.js';
import { type WayBack, closesAppView, startWayBack } from './way-back.js';

/** Runs once, on the page's `defer`red load; its names stay local (the bundle keeps them). */
function start(): void {
  const body = document.body;
  const sessionId = body.getAttribute('data-session-id');
  const status = body.getAttribute('data-status');
  const statusUrl = body.getAttribute('data-status-url');
  const embedOrigin = body.getAttribute('data-embed-origin');
  const texts = pageTexts();
  const framed = window.parent !== window;
  const target = framed ? window.parent : (window.opener as Window | null);
  // A popup (or tab) the widget opened beside the merchant's page, which is still there.
  const beside = !framed && !!target && !!embedOrigin;
  // Framed without the browser saying so (no Sec-Fetch-Dest): nothing may lead out of the frame.
  if (framed && body.getAttribute('data-surface') !== 'frame') {
    for (const away of document.querySelectorAll('[data-way-back], .back')) away.remove();
  }

  // Hints: ready on load, resize whenever the document height changes.
  const post = hintPoster(target, embedOrigin, sessionId);
  post('ready');
  reportHeight(body, post);

  // The native app's bridge (top frame only): ready, the status's changes, the outcome.
  const bridge = framed ? null : startNativeBridge({ sessionId, status, txHash: body.getAttribute('data-tx-hash') });

  formatCardInputs();
  focusFirstProblem();
  announceSubmit(post, texts);

  const wayBackPanel = framed ? null : document.querySelector('[data-way-back]');
  const wayBack: WayBack = wayBackPanel
    ? startWayBack(wayBackPanel, { sessionId, beside, post, texts, bridge })
    : { returning: false };
  if (bridge) closesAppView(document.querySelector('[data-back-link]'), bridge);

  followStatus(
    statusUrl,
    status,
    post,
    () => wayBack.returning,
    (seen) => bridge?.statusSeen(seen),
  );
}

start();
