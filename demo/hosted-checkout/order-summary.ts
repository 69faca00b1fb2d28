/**
 * The order as the hosted checkout shows it: in full on a page of its own (a redirect or a popup),
 * and as one line above the card form inside the widget's frame, where the widget already shows the
 * whole order right above it.
 */
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { NETWORK_NAMES, crypto, fiat, rate, totalFees } from './amounts.js';
import { type SafeHtml, html } from './escape.js';

const utcTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const time = (ms: number): SafeHtml => html`<time datetime="${new Date(ms).toISOString()}">${utcTime(ms)}</time>`;

/** The whole order: amount, what the buyer receives, network, wallet, rate, fees, deadlines. */
export function fullSummary(row: SessionRow): SafeHtml {
  const money = (minor: number) => fiat(minor, row.fiat_currency);
  return html`<section class="summary" aria-labelledby="summary-title">
  <h1 id="summary-title" class="amount">${money(row.fiat_amount)}</h1>
  <p class="receive">${row.status === 'completed' ? 'You received' : 'You receive about'} <strong class="crypto">${crypto(row)}</strong></p>
  <dl class="details">
    <div><dt>Network</dt><dd>${NETWORK_NAMES[row.network]}</dd></div>
    <div><dt>Wallet</dt><dd class="mono wallet">${row.wallet_address}</dd></div>
    <div><dt>Rate</dt><dd>${rate(row)}</dd></div>
    <div><dt>Platform fee</dt><dd>${money(row.platform_fee)}</dd></div>
    <div><dt>Network fee</dt><dd>${money(row.network_fee)}</dd></div>
    <div><dt>Processing fee</dt><dd>${money(row.processing_fee)}</dd></div>
    <div class="total"><dt>Total fees (included)</dt><dd>${money(totalFees(row))}</dd></div>
  </dl>
  ${row.status === 'pending' ? html`<p class="expiry">Rate held until ${time(row.quote_expires_at)}. This checkout expires at ${time(row.expires_at)}.</p>` : ''}
</section>`;
}

/** One line in the widget's frame: what is paid and received, in the widget's own figures. */
export function frameSummary(row: SessionRow): SafeHtml {
  return html`<h1 class="frame-summary" id="summary-title">Pay <strong>${fiat(row.fiat_amount, row.fiat_currency)}</strong> for about <strong>${crypto(row)}</strong></h1>`;
}
