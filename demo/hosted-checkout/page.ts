/**
 * Server-rendered hosted checkout pages. Every value is escaped through `html`; there are no inline
 * scripts or styles (CSP `script-src 'self'; style-src 'self'`): behaviour and looks come from
 * /assets/checkout.js and /assets/checkout.css. The page works without JavaScript.
 *
 * Two surfaces: `frame`, inside the widget's iframe on the merchant's page (the card form under a
 * one-line summary, the outcome when final, no link away: the merchant's page is already around
 * it), and `window`, a page of its own (a redirect or a popup: the whole order, and the way back to
 * the merchant, way-back.ts).
 */
import { EMBED_ORIGIN_PARAM } from '../../src/contract/checkout-protocol.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { NETWORK_NAMES, crypto, fiat } from './amounts.js';
import type { CardErrors, CardField } from './cards.js';
import { type SafeHtml, html } from './escape.js';
import { frameSummary, fullSummary } from './order-summary.js';
import { backLink, wayBackPanel } from './way-back.js';

/** Where the page is shown: in the widget's iframe, or as a page of its own. */
export type PagePlacement = 'frame' | 'window';

export interface CheckoutPageModel {
  row: SessionRow;
  token: string;
  /** The merchant origin hints are posted to; only set when it is allowed. */
  embedOrigin: string | null;
  brand: string;
  /** Default `window`. */
  surface?: PagePlacement;
  errors?: CardErrors;
  cardName?: string;
  /** Shown when a payment was attempted on a session that is not pending. */
  notPayable?: boolean;
}

function query(model: CheckoutPageModel): string {
  const params = new URLSearchParams({ t: model.token });
  if (model.embedOrigin) params.set(EMBED_ORIGIN_PARAM, model.embedOrigin);
  return `?${params.toString()}`;
}

function layout(title: string, body: SafeHtml, attributes: SafeHtml = html``): string {
  return `<!doctype html>${
    html`<html lang="en">
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
</html>`.value
  }\n`;
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

const FIELD_LABELS: Readonly<Record<CardField, string>> = {
  card_number: 'Card number',
  card_expiry: 'Expiry (MM/YY)',
  card_cvc: 'CVC',
  card_name: 'Name on card (optional)',
};

function field(
  name: CardField,
  errors: CardErrors,
  attrs: {
    autocomplete: string;
    inputmode?: string;
    placeholder?: string;
    maxlength: number;
    value?: string;
    required?: boolean;
  },
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
  ${model.embedOrigin ? html`<input type="hidden" name="${EMBED_ORIGIN_PARAM}" value="${model.embedOrigin}">` : ''}
  ${field('card_number', errors, { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '4242 4242 4242 4242', maxlength: 23, required: true })}
  <div class="field-row">
    ${field('card_expiry', errors, { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7, required: true })}
    ${field('card_cvc', errors, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4, required: true })}
  </div>
  ${field('card_name', errors, { autocomplete: 'cc-name', maxlength: 100, value: model.cardName ?? '' })}
  <button type="submit" class="pay-button" data-pay-button>Pay ${fiat(row.fiat_amount, row.fiat_currency)}</button>
  <p class="fine-print">Payments are simulated by the ${model.brand} sandbox.</p>
</form>`;
}

const FAILURE_TEXT: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. No money was taken.',
  delivery_failed:
    'The payment went through, but delivering the crypto to your wallet failed. In a real checkout the payment would be refunded.',
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
  <p>Sending ${crypto(row)} to your wallet on ${NETWORK_NAMES[row.network]}. This page updates by itself.</p>
</section>`;
    case 'completed':
      return html`<section class="state state-completed" role="status">
  <span class="state-icon" aria-hidden="true">✓</span>
  <h2>Crypto delivered</h2>
  <p>${crypto(row)} was sent to your wallet.</p>
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
  const framed = model.surface === 'frame';
  const statusUrl = `/pay/${row.id}/status${query(model)}`;
  const attributes = html`data-session-id="${row.id}" data-status="${row.status}" data-status-url="${statusUrl}" data-surface="${framed ? 'frame' : 'window'}"${model.embedOrigin ? html` data-embed-origin="${model.embedOrigin}"` : ''}`;
  const body = html`${header(model.brand, row.environment === 'test')}
${model.notPayable ? html`<div class="form-alert" role="alert" data-error-code="SESSION_NOT_PAYABLE"><strong>This session cannot be paid.</strong> It is ${row.status}, not awaiting payment.</div>` : ''}
${framed ? frameSummary(row) : fullSummary(row)}
${statePanel(model)}
${framed ? '' : html`${wayBackPanel(row)}${backLink(row)}`}`;
  return layout(`Pay ${fiat(row.fiat_amount, row.fiat_currency)} · ${model.brand} checkout`, body, attributes);
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
