/**
 * The way back (the panel of ../way-back.ts, on a page of its own): once the session is processing
 * or final, the buyer returns to the merchant (a popup closes) after an announced delay, unless they
 * choose to stay. "Stay on this page" is remembered for this session in this tab, so a reload or a
 * later status change does not start the countdown again.
 */
import type { PostHint } from './hints.js';

export interface WayBackContext {
  sessionId: string | null;
  /** A popup (or tab) the widget opened beside the merchant's page, which is still there. */
  beside: boolean;
  post: PostHint;
}

/** Whether the page is on its way back to the merchant (the countdown runs). */
export interface WayBack {
  readonly returning: boolean;
}

export function startWayBack(panel: Element, { sessionId, beside, post }: WayBackContext): WayBack {
  const state = { returning: false };
  const note = panel.querySelector('[data-way-back-note]');
  const returnNow = panel.querySelector<HTMLAnchorElement>('[data-return-now]');
  const stay = panel.querySelector<HTMLElement>('[data-stay]');
  const host = panel.getAttribute('data-return-host');
  const seconds = Number(panel.getAttribute('data-return-after')) || 5;
  const stayKey = `onramp-stay:${String(sessionId)}`;
  let stayed = false;
  try {
    stayed = window.sessionStorage.getItem(stayKey) === '1';
  } catch {
    /* storage blocked: no memory of the choice */
  }
  const closeWindow = (): void => {
    post('submitted');
    window.close();
    // A tab the buyer opened themselves cannot be closed by a script: say so.
    window.setTimeout(() => {
      if (!window.closed && note)
        note.textContent = 'You can close this window now: the merchant’s page shows your order.';
    }, 300);
  };
  if (beside && returnNow) {
    // The merchant's page is in the window that opened this one: close, never navigate here.
    returnNow.textContent = 'Close this window';
    returnNow.addEventListener('click', (event) => {
      event.preventDefault();
      closeWindow();
    });
    if (stay) stay.textContent = 'Keep this window open';
  }
  if (stayed || !note || !returnNow) return state;
  state.returning = true;
  const what = beside ? 'This window closes' : `Returning you to ${String(host)}`;
  note.textContent = `${what} in ${seconds} seconds.`;
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
      note.textContent = beside
        ? 'This window stays open.'
        : 'You are staying on this page. Use “Return now” when you are ready.';
      stay.remove();
      returnNow.focus();
    });
  }
  return state;
}
