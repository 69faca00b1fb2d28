/**
 * The order as the hosted checkout shows it: in full on a page of its own (a redirect or a popup),
 * and as one line above the card form inside the widget's frame, where the widget already shows the
 * whole order right above it. In the buyer's language (`texts`); amounts, the wallet and the rate
 * read left to right on a right-to-left page too.
 */
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { NETWORK_NAMES, crypto, fiat, ltr, rate, totalFees } from './amounts.js';
import type { CheckoutTexts } from './checkout-language.js';
import { type SafeHtml, html } from './escape.js';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A deadline as the locale writes a time, in UTC and saying so: `2:05 PM UTC`, `14:05 UTC`. */
function utcTime(ms: number, locale: string): string {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    timeFormats.set(locale, format);
  }
  return format.format(ms);
}

const time = (ms: number, locale: string): SafeHtml =>
  html`<time datetime="${new Date(ms).toISOString()}">${utcTime(ms, locale)}</time>`;

/** The whole order: amount, what the buyer receives, network, wallet, rate, fees, deadlines. */
export function fullSummary(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  const { locale, dir } = texts;
  const money = (minor: number) => ltr(dir, fiat(minor, row.fiat_currency, locale));
  return html`<section class="summary" aria-labelledby="summary-title">
  <h1 id="summary-title" class="amount">${money(row.fiat_amount)}</h1>
  <p class="receive">${texts.t(row.status === 'completed' ? 'youReceived' : 'youReceiveAbout')} <strong class="crypto">${ltr(dir, crypto(row, locale))}</strong></p>
  <dl class="details">
    <div><dt>${texts.t('network')}</dt><dd>${NETWORK_NAMES[row.network]}</dd></div>
    <div><dt>${texts.t('wallet')}</dt><dd class="mono wallet">${ltr(dir, row.wallet_address)}</dd></div>
    <div><dt>${texts.t('rate')}</dt><dd>${ltr(dir, rate(row, locale))}</dd></div>
    <div><dt>${texts.t('platformFee')}</dt><dd>${money(row.platform_fee)}</dd></div>
    <div><dt>${texts.t('networkFee')}</dt><dd>${money(row.network_fee)}</dd></div>
    <div><dt>${texts.t('processingFee')}</dt><dd>${money(row.processing_fee)}</dd></div>
    <div class="total"><dt>${texts.t('totalFees')}</dt><dd>${money(totalFees(row))}</dd></div>
  </dl>
  ${row.status === 'pending' ? html`<p class="expiry">${texts.html('deadlines', { quoteTime: time(row.quote_expires_at, locale), expiryTime: time(row.expires_at, locale) })}</p>` : ''}
</section>`;
}

/** One line in the widget's frame: what is paid and received, in the widget's own figures. */
export function frameSummary(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  const { locale, dir } = texts;
  return html`<h1 class="frame-summary" id="summary-title">${texts.html('frameSummary', {
    amount: html`<strong>${ltr(dir, fiat(row.fiat_amount, row.fiat_currency, locale))}</strong>`,
    crypto: html`<strong>${ltr(dir, crypto(row, locale))}</strong>`,
  })}</h1>`;
}
