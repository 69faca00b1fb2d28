/**
 * Server-rendered hosted checkout pages, in the buyer's language (`texts`, checkout-language.ts):
 * `<html lang dir>` say it, and on a right-to-left page what reads left to right (amounts, the
 * wallet, the hash, the test card) is isolated as such (amounts.ts `ltr`). Every value is escaped
 * through `html`; there are no inline scripts or styles (CSP `script-src 'self'; style-src 'self'`):
 * behaviour and looks come from /assets/checkout.js and /assets/checkout.css, and the texts that
 * script writes come in a JSON data block (`#checkout-texts`), which runs nothing. The page works
 * without JavaScript.
 *
 * Two surfaces: `frame`, inside the widget's iframe on the merchant's page (the card form under a
 * one-line summary, the outcome when final, no link away: the merchant's page is already around
 * it), and `window`, a page of its own (a redirect or a popup: the whole order, and the way back to
 * the merchant, way-back.ts).
 */
import { EMBED_ORIGIN_PARAM } from '../../src/contract/checkout-protocol.js';
import { explorerTxUrl } from '../../src/format/explorer.js';
import { jsonForScriptElement } from '../../src/ssr/json-for-script.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { NETWORK_NAMES, crypto, fiat, ltr, ltrText } from './amounts.js';
import { type CardErrors, type CardField, TEST_CARD } from './cards.js';
import { type CheckoutTexts, englishTexts } from './checkout-language.js';
import type { CheckoutKey } from './checkout-catalogue.js';
import { SafeHtml, html } from './escape.js';
import { frameSummary, fullSummary } from './order-summary.js';
import { backLink, wayBackPanel } from './way-back.js';

/** Where the page is shown: in the widget's iframe, or as a page of its own. */
export type PagePlacement = 'frame' | 'window';

/** The name of the query parameter and form field that carry the buyer's chosen language. */
export const LOCALE_PARAM = 'locale';

export interface CheckoutPageModel {
  row: SessionRow;
  token: string;
  /** The merchant origin hints are posted to; only set when it is allowed. */
  embedOrigin: string | null;
  brand: string;
  /** The page's language; default English. */
  texts?: CheckoutTexts;
  /** The language the buyer chose by the `locale` query (a valid tag), carried through the card form. */
  locale?: string | null;
  /** Default `window`. */
  surface?: PagePlacement;
  errors?: CardErrors;
  cardName?: string;
  /** Shown when a payment was attempted on a session that is not pending. */
  notPayable?: boolean;
}

/** A page's model with its language settled. */
type Model = CheckoutPageModel & { texts: CheckoutTexts };

/** The texts the page's script writes (browser/texts.ts reads them). */
const SCRIPT_TEXTS = [
  'processingButton',
  'returnNow',
  'canCloseNow',
  'closeWindow',
  'keepOpen',
  'closesIn',
  'returningIn',
  'staysOpen',
  'staying',
] as const satisfies readonly CheckoutKey[];

function query(model: CheckoutPageModel): string {
  const params = new URLSearchParams({ t: model.token });
  if (model.embedOrigin) params.set(EMBED_ORIGIN_PARAM, model.embedOrigin);
  return `?${params.toString()}`;
}

/** The data block of the script's texts: JSON, never run (a `type` no browser executes). */
function scriptTexts(texts: CheckoutTexts): SafeHtml {
  const data = {
    code: texts.code,
    locale: texts.locale,
    dir: texts.dir,
    texts: Object.fromEntries(SCRIPT_TEXTS.map((key) => [key, texts.raw(key)])),
  };
  return html`<script type="application/json" id="checkout-texts">${new SafeHtml(jsonForScriptElement(data))}</script>`;
}

function layout(
  texts: CheckoutTexts,
  title: string,
  body: SafeHtml,
  attributes: SafeHtml = html``,
  data: SafeHtml = html``,
): string {
  return `<!doctype html>${
    html`<html lang="${texts.locale}" dir="${texts.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/assets/checkout.css">
<script src="/assets/checkout.js" defer></script>
${data}
</head>
<body ${attributes}>
<main class="checkout">
${body}
</main>
</body>
</html>`.value
  }\n`;
}

function header(brand: string, testMode: boolean | null, texts: CheckoutTexts): SafeHtml {
  const suffix = (text: string): SafeHtml =>
    text.trim() ? html`<span class="brand-suffix">${text.trim()}</span>` : html``;
  return html`<header class="brand">
  <span class="brand-mark" aria-hidden="true"></span>
  ${texts.html('checkout', { brand: html`<span class="brand-name">${brand}</span>` }, suffix)}
  ${testMode === null ? '' : testMode ? html`<span class="badge">${texts.t('testMode')}</span>` : html`<span class="badge badge-live">${texts.t('liveMode')}</span>`}
</header>
${testMode ? html`<p class="test-notice">${texts.html('testNotice', { card: html`<strong>${ltr(texts.dir, TEST_CARD)}</strong>` })}</p>` : ''}`;
}

const FIELD_LABELS: Readonly<Record<CardField, CheckoutKey>> = {
  card_number: 'cardNumber',
  card_expiry: 'cardExpiry',
  card_cvc: 'cardCvc',
  card_name: 'cardName',
};

function field(
  name: CardField,
  errors: CardErrors,
  texts: CheckoutTexts,
  attrs: {
    autocomplete: string;
    inputmode?: string;
    placeholder?: string;
    maxlength: number;
    value?: string;
    required?: boolean;
    /** `ltr` for the card's digits (they read left to right in every language), `auto` for a name. */
    dir: 'ltr' | 'auto';
  },
): SafeHtml {
  const error = errors[name];
  const errorId = `${name}-error`;
  return html`<div class="field${error ? ' field-invalid' : ''}">
    <label for="${name}">${texts.t(FIELD_LABELS[name])}</label>
    <input id="${name}" name="${name}" type="text" dir="${attrs.dir}" autocomplete="${attrs.autocomplete}"${attrs.inputmode ? html` inputmode="${attrs.inputmode}"` : ''}${attrs.placeholder ? html` placeholder="${attrs.placeholder}"` : ''} maxlength="${attrs.maxlength}" spellcheck="false" autocapitalize="off"${attrs.required ? html` required` : ''}${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''} value="${attrs.value ?? ''}">
    ${error ? html`<p class="field-error" id="${errorId}">${cardError(error, texts)}</p>` : ''}
  </div>`;
}

const cardError = (key: NonNullable<CardErrors[CardField]>, texts: CheckoutTexts): SafeHtml =>
  texts.html(key, { card: ltr(texts.dir, TEST_CARD) });

function payForm(model: Model): SafeHtml {
  const { row, texts } = model;
  const errors = model.errors ?? {};
  const refused = Object.values(errors);
  const amount = ltr(texts.dir, fiat(row.fiat_amount, row.fiat_currency, texts.locale));
  return html`<form class="pay" method="post" action="/pay/${row.id}" novalidate data-pay-form>
  ${refused.length ? html`<div class="form-alert" role="alert" id="form-alert" tabindex="-1"><strong>${texts.t('checkFields', { count: refused.length })}</strong> ${refused.map((key, i) => html`${i ? ' ' : ''}${cardError(key, texts)}`)}</div>` : ''}
  <input type="hidden" name="t" value="${model.token}">
  ${model.embedOrigin ? html`<input type="hidden" name="${EMBED_ORIGIN_PARAM}" value="${model.embedOrigin}">` : ''}
  ${model.locale ? html`<input type="hidden" name="${LOCALE_PARAM}" value="${model.locale}">` : ''}
  ${field('card_number', errors, texts, { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: TEST_CARD, maxlength: 23, required: true, dir: 'ltr' })}
  <div class="field-row">
    ${field('card_expiry', errors, texts, { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: texts.t('expiryPlaceholder'), maxlength: 7, required: true, dir: 'ltr' })}
    ${field('card_cvc', errors, texts, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4, required: true, dir: 'ltr' })}
  </div>
  ${field('card_name', errors, texts, { autocomplete: 'cc-name', maxlength: 100, value: model.cardName ?? '', dir: 'auto' })}
  <button type="submit" class="pay-button" data-pay-button>${texts.html('pay', { amount })}</button>
  <p class="fine-print">${texts.t('finePrint', { brand: model.brand })}</p>
</form>`;
}

const FAILURE_TEXT: Readonly<Record<string, CheckoutKey>> = {
  card_declined: 'failure.card_declined',
  delivery_failed: 'failure.delivery_failed',
};

/**
 * The delivery's hash, linked to its network's explorer in a new window as the widget's result links
 * it (as text where no explorer is known). In a native app's WebView the page's script asks the app
 * to open the link (`open-url`), which a WebView would lose.
 */
function txHash(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  const hash = ltr(texts.dir, row.tx_hash ?? '');
  const url = row.tx_hash ? explorerTxUrl(row.network, row.environment, row.tx_hash) : null;
  return url ? html`<a href="${url}" target="_blank" rel="noopener noreferrer" data-tx-link>${hash}</a>` : hash;
}

function statePanel(model: Model): SafeHtml {
  const { row, texts } = model;
  const received = ltr(texts.dir, crypto(row, texts.locale));
  switch (row.status) {
    case 'pending':
      return payForm(model);
    case 'processing':
      return html`<section class="state state-processing" role="status" aria-live="polite">
  <span class="spinner" aria-hidden="true"></span>
  <h2>${texts.t('processingTitle')}</h2>
  <p>${texts.html('processingBody', { crypto: received, network: NETWORK_NAMES[row.network] })}</p>
</section>`;
    case 'completed':
      return html`<section class="state state-completed" role="status">
  <span class="state-icon" aria-hidden="true">✓</span>
  <h2>${texts.t('completedTitle')}</h2>
  <p>${texts.html('completedBody', { crypto: received })}</p>
  <p class="tx-label">${texts.t('txHash')}</p>
  <p class="mono tx-hash">${txHash(row, texts)}</p>
</section>`;
    case 'failed':
      return html`<section class="state state-failed" role="alert">
  <span class="state-icon" aria-hidden="true">!</span>
  <h2>${texts.t('failedTitle')}</h2>
  <p>${texts.t(FAILURE_TEXT[row.failure_reason ?? ''] ?? 'failure.other')}</p>
  <p>${texts.t('failedNext')}</p>
</section>`;
    case 'expired':
      return html`<section class="state state-expired" role="alert">
  <span class="state-icon" aria-hidden="true">⏱</span>
  <h2>${texts.t('expiredTitle')}</h2>
  <p>${texts.t('expiredBody')}</p>
</section>`;
  }
}

/** Why a session that is not pending cannot be paid. */
const NOT_PAYABLE: Readonly<Record<Exclude<SessionRow['status'], 'pending'>, CheckoutKey>> = {
  processing: 'notPayable.processing',
  completed: 'notPayable.completed',
  failed: 'notPayable.failed',
  expired: 'notPayable.expired',
};

function notPayableAlert(row: SessionRow, texts: CheckoutTexts): SafeHtml {
  if (row.status === 'pending') return html``;
  return html`<div class="form-alert" role="alert" data-error-code="SESSION_NOT_PAYABLE"><strong>${texts.t('notPayableTitle')}</strong> ${texts.t(NOT_PAYABLE[row.status])}</div>`;
}

export function renderCheckoutPage(page: CheckoutPageModel): string {
  const model: Model = { ...page, texts: page.texts ?? englishTexts() };
  const { row, texts } = model;
  const framed = model.surface === 'frame';
  const statusUrl = `/pay/${row.id}/status${query(model)}`;
  const attributes = html`data-session-id="${row.id}" data-status="${row.status}" data-status-url="${statusUrl}" data-surface="${framed ? 'frame' : 'window'}"${model.embedOrigin ? html` data-embed-origin="${model.embedOrigin}"` : ''}${row.status === 'completed' && row.tx_hash ? html` data-tx-hash="${row.tx_hash}"` : ''}`;
  const body = html`${header(model.brand, row.environment === 'test', texts)}
${model.notPayable ? notPayableAlert(row, texts) : ''}
${framed ? frameSummary(row, texts) : fullSummary(row, texts)}
${statePanel(model)}
${framed ? '' : html`${wayBackPanel(row, texts)}${backLink(row, texts)}`}`;
  const amount = ltrText(texts.dir, fiat(row.fiat_amount, row.fiat_currency, texts.locale));
  return layout(texts, texts.t('pageTitle', { amount, brand: model.brand }), body, attributes, scriptTexts(texts));
}

/** A page of its own saying what went wrong: a heading and, when there is one, what to do. */
function problemPage(
  texts: CheckoutTexts,
  brand: string,
  title: string,
  state: string,
  heading: string,
  text?: string,
): string {
  return layout(
    texts,
    title,
    html`${header(brand, null, texts)}
<section class="state ${state}" role="alert">
  <h2>${heading}</h2>
  ${text === undefined ? '' : html`<p>${text}</p>`}
</section>`,
  );
}

/** A payment form too large to read (a real one is a few hundred bytes). */
export function renderTooLargePage(texts: CheckoutTexts, brand: string): string {
  return problemPage(
    texts,
    brand,
    texts.t('tooLargeTitle', { brand }),
    'state-failed',
    texts.t('tooLargeHeading'),
    texts.t('tooLargeBody'),
  );
}

export function renderNotFoundPage(texts: CheckoutTexts, brand: string): string {
  return problemPage(
    texts,
    brand,
    texts.t('notFoundTitle', { brand }),
    'state-expired',
    texts.t('notFoundHeading'),
    texts.t('notFoundBody'),
  );
}

/** The page of an error of the server's own (500). */
export function renderErrorPage(texts: CheckoutTexts, brand: string): string {
  const heading = texts.t('errorHeading');
  return problemPage(texts, brand, `${heading} · ${brand}`, 'state-failed', heading);
}
