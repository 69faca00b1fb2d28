/**
 * The way back (the panel of ../way-back.ts, on a page of its own): once the session is processing
 * or final, the buyer returns to the merchant (a popup closes) after an announced delay, unless they
 * choose to stay. "Stay on this page" is remembered for this session in this tab, so a reload or a
 * later status change does not start the countdown again. To an app's own scheme (`data-return-app`)
 * the page never returns by itself: the buyer taps "Return now". In a native app's WebView with a
 * bridge (native-bridge.ts) the way back is the app's: "Return now" and the back link ask the app to
 * close the view (`close`) and the page neither counts down, navigates nor closes itself.
 */
import type { PostHint } from './hints.js';
import type { CheckoutBridge } from './native-bridge.js';
import type { PageTexts } from './texts.js';

export interface WayBackContext {
  sessionId: string | null;
  /** A popup (or tab) the widget opened beside the merchant's page, which is still there. */
  beside: boolean;
  post: PostHint;
  /** The page's texts: the words written here are in its language. */
  texts: PageTexts;
  /** The native app's bridge, when the page is in its WebView. */
  bridge?: CheckoutBridge | null;
}

/** Whether the page is on its way back to the merchant (the countdown runs). */
export interface WayBack {
  readonly returning: boolean;
}

/** With the app's bridge, `link` (a way back to `return_url`) asks the app to close the view instead of leading away. */
export function closesAppView(link: Element | null, bridge: CheckoutBridge): void {
  link?.addEventListener('click', (event) => {
    event.preventDefault();
    bridge.close();
  });
}

export function startWayBack(panel: Element, { sessionId, beside, post, texts, bridge }: WayBackContext): WayBack {
  const state = { returning: false };
  const note = panel.querySelector('[data-way-back-note]');
  const returnNow = panel.querySelector<HTMLAnchorElement>('[data-return-now]');
  if (bridge) {
    closesAppView(returnNow, bridge);
    return state;
  }
  const stay = panel.querySelector<HTMLElement>('[data-stay]');
  const host = texts.ltr(String(panel.getAttribute('data-return-host')));
  const seconds = Number(panel.getAttribute('data-return-after')) || 5;
  const stayKey = `onramp-stay:${String(sessionId)}`;
  let stayed = false;
  try {
    stayed = window.sessionStorage.getItem(stayKey) === '1';
  } catch {
    /* storage blocked: no memory of the choice */
  }
  /** Writes `text` in `element` when the page has it (it keeps its own words otherwise). */
  const write = (element: Element | null, text: string | null): void => {
    if (element && text) element.textContent = text;
  };
  const closeWindow = (): void => {
    post('submitted');
    window.close();
    // A tab the buyer opened themselves cannot be closed by a script: say so.
    window.setTimeout(() => {
      if (!window.closed) write(note, texts.text('canCloseNow'));
    }, 300);
  };
  if (beside && returnNow) {
    // The merchant's page is in the window that opened this one: close, never navigate here.
    write(returnNow, texts.text('closeWindow'));
    returnNow.addEventListener('click', (event) => {
      event.preventDefault();
      closeWindow();
    });
    write(stay, texts.text('keepOpen'));
  }
  // An app's own scheme: browsers open one only on the buyer's gesture, so no countdown, no jump:
  // "Return now" (a real link) is the way back. A popup still closes itself.
  const toApp = panel.getAttribute('data-return-app') !== null;
  if (stayed || !note || !returnNow || (toApp && !beside)) return state;
  state.returning = true;
  write(note, texts.text(beside ? 'closesIn' : 'returningIn', { host, count: seconds }));
  if (stay) stay.hidden = false;
  let left = seconds;
  const tick = window.setInterval(() => {
    left -= 1;
    if (left > 0) return;
    window.clearInterval(tick);
    if (beside) closeWindow();
    else window.location.replace(returnNow.href);
  }, 1000);
  if (stay) {
    stay.addEventListener('click', () => {
      window.clearInterval(tick);
      state.returning = false;
      try {
        window.sessionStorage.setItem(stayKey, '1');
      } catch {
        /* storage blocked */
      }
      write(
        note,
        beside ? texts.text('staysOpen') : texts.text('staying', { returnNow: texts.text('returnNow') ?? '' }),
      );
      stay.remove();
      returnNow.focus();
    });
  }
  return state;
}
