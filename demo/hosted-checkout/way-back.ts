/**
 * The way back to the merchant from a top-level checkout (the buyer left the merchant's page: a
 * redirect, or a WebView that could neither frame nor pop up the checkout). The session's
 * `return_url` gets `onramp_session_id` and `onramp_status` (src/contract/return-params.ts). Once
 * the session is processing or final, the page offers "Return now" and, with its script, returns
 * by itself after an announced delay unless the buyer chooses "Stay on this page"; in a popup the
 * script closes the window instead. The small back link is there in every state. The page's
 * script writes its own texts (the countdown, "Close this window"…) from the page's texts block.
 * A `return_url` of an app's own scheme (`myapp://onramp/done`, docs/design.md §10) gets the same
 * two parameters, but the page never goes there by itself: "Return now" does.
 */
import { returnUrlWith } from '../../src/contract/return-params.js';
import { isAppSchemeReturnUrl } from '../../src/contract/write/return-url.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { ltr } from './amounts.js';
import type { CheckoutTexts } from './checkout-language.js';
import { type SafeHtml, html } from './escape.js';

/** Seconds between the outcome on screen and the automatic return (or a popup closing). */
export const RETURN_DELAY_SECONDS = 5;

/** Statuses after which the page takes the buyer back by itself. */
const RETURNS_AFTER: ReadonlySet<SessionRow['status']> = new Set(['processing', 'completed', 'failed']);

/** The merchant's return URL for this session in its current state, or null when it set none. */
export function returnUrlOf(row: SessionRow): string | null {
  return row.return_url ? returnUrlWith(row.return_url, row.id, row.status) : null;
}

/**
 * "Return now" and its announced countdown (the script adds the countdown and "Stay on this page").
 * To an app's own scheme (`myapp://…`) the panel says "Back to the app" (the URL's "host" is no
 * site's name) and is marked `data-return-app`: browsers refuse to open a scheme without the buyer's
 * gesture, so the script never goes there by itself, and "Return now" is the way back.
 */
export function wayBackPanel(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  const url = returnUrlOf(row);
  if (!url || !row.return_url || !RETURNS_AFTER.has(row.status)) return html``;
  const returnNow = html`<a class="button" href="${url}" data-return-now>${texts.t('returnNow')}</a>
  <button type="button" class="button button-secondary" data-stay hidden>${texts.t('stay')}</button>`;
  if (isAppSchemeReturnUrl(row.return_url)) {
    return html`<section class="way-back" data-way-back data-return-app data-return-after="${RETURN_DELAY_SECONDS}" aria-label="${texts.t('backToApp')}">
  <p class="way-back-note" role="status" data-way-back-note>${texts.t('backToApp')}</p>
  ${returnNow}
</section>`;
  }
  const host = new URL(url).host;
  return html`<section class="way-back" data-way-back data-return-host="${host}" data-return-after="${RETURN_DELAY_SECONDS}" aria-label="${texts.t('backToMerchantLabel')}">
  <p class="way-back-note" role="status" data-way-back-note>${texts.html('orderIsOn', { host: html`<strong>${ltr(texts.dir, host)}</strong>` })}</p>
  ${returnNow}
</section>`;
}

/**
 * The back link's text: "← Back to merchant", or "← Back to the app" for an app's own scheme (no
 * shop to name). Its arrow points back, so to the right on a right-to-left page (catalogues keep
 * the left arrow).
 */
export function backLinkText(texts: CheckoutTexts, toApp = false): string {
  const text = toApp ? `← ${texts.t('backToApp')}` : texts.t('backLink');
  return texts.dir === 'rtl' ? text.replaceAll('←', '→') : text;
}

/** The back link under the checkout, in every state (not in the widget's frame). */
export function backLink(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  const url = returnUrlOf(row);
  return url
    ? html`<p class="back"><a href="${url}" data-back-link>${backLinkText(texts, isAppSchemeReturnUrl(url))}</a></p>`
    : html``;
}
