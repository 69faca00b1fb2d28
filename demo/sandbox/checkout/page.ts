/**
 * Server-rendered hosted checkout pages. Every value is escaped through `html`; there are no inline
 * scripts or styles (CSP `script-src 'self'; style-src 'self'`): behaviour and looks come from
 * /assets/checkout.js and /assets/checkout.css. The page works without JavaScript.
 */
import type { Network } from '../../../src/contract/index.js';
import { FIAT_MINOR_DIGITS, minorToDecimal } from '../../../src/contract/index.js';
import type { SessionRow } from '../db/sessions.js';
import { type SafeHtml, html } from './escape.js';
import type { CardErrors, CardField } from './cards.js';

export interface CheckoutPageModel {
  row: SessionRow;
  token: string;
  /** The merchant origin hints are posted to; only set when it is allowed. */
  embedOrigin: string | null;
  brand: string;
  errors?: CardErrors;
  cardName?: string;
  /** Shown when a payment was attempted on a session that is not pending. */
  notPayable?: boolean;
}

const NETWORK_NAMES: Readonly<Record<Network, string>> = { ethereum: 'Ethereum', polygon: 'Polygon', base: 'Base' };

function money(minor: number, currency: string): string {
  const major = Number(minorToDecimal(minor, FIAT_MINOR_DIGITS));
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(major);
}

function rate(decimal: string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 6 }).format(Number(decimal));
}

const utcTime = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function query(model: CheckoutPageModel): string {
  const params = new URLSearchParams({ t: model.token });
  if (model.embedOrigin) params.set('embed_origin', model.embedOrigin);
  return `?${params.toString()}`;
}

function layout(title: string, body: SafeHtml, attributes: SafeHtml = html``): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/assets/checkout.css">
<script src="/assets/checkout.js" defer></script>
</head>
<body ${attributes}>
<main class="checkout">
${body}
</main>
</body>
</html>`.value}\n`;
}

function header(brand: string, testMode: boolean | null): SafeHtml {
  return html`<header class="brand">
  <span class="brand-mark" aria-hidden="true"></span>
  <span class="brand-name">${brand}</span>
  <span class="brand-suffix">checkout</span>
  ${testMode === null ? '' : testMode ? html`<span class="badge">Test mode</span>` : html`<span class="badge badge-live">Live mode (simulated)</span>`}
</header>
${testMode ? html`<p class="test-notice">Test mode: no real money moves. Pay with test card <strong>4242 4242 4242 4242</strong>, any future expiry and any CVC.</p>` : ''}`;
}

function summary(row: SessionRow): SafeHtml {
  const total = row.platform_fee + row.network_fee + row.processing_fee;
  return html`<section class="summary" aria-labelledby="summary-title">
  <h1 id="summary-title" class="amount">${money(row.fiat_amount, row.fiat_currency)}</h1>
  <p class="receive">${row.status === 'completed' ? 'You received' : 'You receive about'} <strong class="crypto">${row.crypto_amount} ${row.crypto_currency}</strong></p>
  <dl class="details">
    <div><dt>Network</dt><dd>${NETWORK_NAMES[row.network]}</dd></div>
    <div><dt>Wallet</dt><dd class="mono wallet">${row.wallet_address}</dd></div>
    <div><dt>Rate</dt><dd>1 ${row.crypto_currency} = ${rate(row.exchange_rate, row.fiat_currency)}</dd></div>
    <div><dt>Platform fee</dt><dd>${money(row.platform_fee, row.fiat_currency)}</dd></div>
    <div><dt>Network fee</dt><dd>${money(row.network_fee, row.fiat_currency)}</dd></div>
    <div><dt>Processing fee</dt><dd>${money(row.processing_fee, row.fiat_currency)}</dd></div>
    <div class="total"><dt>Total fees (included)</dt><dd>${money(total, row.fiat_currency)}</dd></div>
  </dl>
  ${row.status === 'pending' ? html`<p class="expiry">Rate held until <time datetime="${new Date(row.quote_expires_at).toISOString()}">${utcTime(row.quote_expires_at)}</time>. This checkout expires at <time datetime="${new Date(row.expires_at).toISOString()}">${utcTime(row.expires_at)}</time>.</p>` : ''}
</section>`;
}

const FIELD_LABELS: Readonly<Record<CardField, string>> = {
  card_number: 'Card number',
  card_expiry: 'Expiry (MM/YY)',
  card_cvc: 'CVC',
  card_name: 'Name on card (optional)',
};

function field(
  name: CardField,
  errors: CardErrors,
  attrs: { autocomplete: string; inputmode?: string; placeholder?: string; maxlength: number; value?: string; required?: boolean },
): SafeHtml {
  const error = errors[name];
  const errorId = `${name}-error`;
  return html`<div class="field${error ? ' field-invalid' : ''}">
    <label for="${name}">${FIELD_LABELS[name]}</label>
    <input id="${name}" name="${name}" type="text" autocomplete="${attrs.autocomplete}"${attrs.inputmode ? html` inputmode="${attrs.inputmode}"` : ''}${attrs.placeholder ? html` placeholder="${attrs.placeholder}"` : ''} maxlength="${attrs.maxlength}" spellcheck="false" autocapitalize="off"${attrs.required ? html` required` : ''}${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''} value="${attrs.value ?? ''}">
    ${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ''}
  </div>`;
}

function payForm(model: CheckoutPageModel): SafeHtml {
  const { row } = model;
  const errors = model.errors ?? {};
  const count = Object.keys(errors).length;
  return html`<form class="pay" method="post" action="/pay/${row.id}" novalidate data-pay-form>
  ${count ? html`<div class="form-alert" role="alert" id="form-alert" tabindex="-1"><strong>Check ${count === 1 ? 'this field' : 'these fields'}:</strong> ${Object.values(errors).join(' ')}</div>` : ''}
  <input type="hidden" name="t" value="${model.token}">
  ${model.embedOrigin ? html`<input type="hidden" name="embed_origin" value="${model.embedOrigin}">` : ''}
  ${field('card_number', errors, { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '4242 4242 4242 4242', maxlength: 23, required: true })}
  <div class="field-row">
    ${field('card_expiry', errors, { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7, required: true })}
    ${field('card_cvc', errors, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4, required: true })}
  </div>
  ${field('card_name', errors, { autocomplete: 'cc-name', maxlength: 100, value: model.cardName ?? '' })}
  <button type="submit" class="pay-button" data-pay-button>Pay ${money(row.fiat_amount, row.fiat_currency)}</button>
  <p class="fine-print">Payments are simulated by the ${model.brand} sandbox.</p>
</form>`;
}

const FAILURE_TEXT: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. No money was taken.',
  delivery_failed: 'The payment went through, but delivering the crypto to your wallet failed. In a real checkout the payment would be refunded.',
  test_helper: 'The payment failed.',
};

function statePanel(model: CheckoutPageModel): SafeHtml {
  const { row } = model;
  switch (row.status) {
    case 'pending':
      return payForm(model);
    case 'processing':
      return html`<section class="state state-processing" role="status" aria-live="polite">
  <span class="spinner" aria-hidden="true"></span>
  <h2>Payment received</h2>
  <p>Sending ${row.crypto_amount} ${row.crypto_currency} to your wallet on ${NETWORK_NAMES[row.network]}. This page updates by itself.</p>
</section>`;
    case 'completed':
      return html`<section class="state state-completed" role="status">
  <span class="state-icon" aria-hidden="true">✓</span>
  <h2>Crypto delivered</h2>
  <p>${row.crypto_amount} ${row.crypto_currency} was sent to your wallet.</p>
  <p class="tx-label">Transaction hash</p>
  <p class="mono tx-hash">${row.tx_hash ?? ''}</p>
</section>`;
    case 'failed':
      return html`<section class="state state-failed" role="alert">
  <span class="state-icon" aria-hidden="true">!</span>
  <h2>Payment failed</h2>
  <p>${FAILURE_TEXT[row.failure_reason ?? ''] ?? 'The payment failed.'}</p>
  <p>This checkout cannot be used again: try again with a new session from the merchant.</p>
</section>`;
    case 'expired':
      return html`<section class="state state-expired" role="alert">
  <span class="state-icon" aria-hidden="true">⏱</span>
  <h2>This checkout has expired</h2>
  <p>No payment was made. Go back to the merchant and try again with a new session.</p>
</section>`;
  }
}

export function renderCheckoutPage(model: CheckoutPageModel): string {
  const { row } = model;
  const statusUrl = `/pay/${row.id}/status${query(model)}`;
  const attributes = html`data-session-id="${row.id}" data-status="${row.status}" data-status-url="${statusUrl}"${model.embedOrigin ? html` data-embed-origin="${model.embedOrigin}"` : ''}`;
  const body = html`${header(model.brand, row.environment === 'test')}
${model.notPayable ? html`<div class="form-alert" role="alert" data-error-code="SESSION_NOT_PAYABLE"><strong>This session cannot be paid.</strong> It is ${row.status}, not awaiting payment.</div>` : ''}
${summary(row)}
${statePanel(model)}
${row.return_url ? html`<p class="back"><a href="${row.return_url}" rel="noopener noreferrer">← Back to merchant</a></p>` : ''}`;
  return layout(`Pay ${money(row.fiat_amount, row.fiat_currency)} · ${model.brand} checkout`, body, attributes);
}

/** A payment form too large to read (a real one is a few hundred bytes). */
export function renderTooLargePage(brand: string): string {
  return layout(
    `Request too large · ${brand}`,
    html`${header(brand, null)}
<section class="state state-failed" role="alert">
  <h2>Nothing was paid</h2>
  <p>The payment form sent was too large to read. Go back and submit the card form again.</p>
</section>`,
  );
}

export function renderNotFoundPage(brand: string): string {
  return layout(
    `Checkout not found · ${brand}`,
    html`${header(brand, null)}
<section class="state state-expired" role="alert">
  <h2>Checkout not found</h2>
  <p>This checkout link is not valid. Go back to the merchant and start again.</p>
</section>`,
  );
}
