/**
 * Amount first: the order form in the card (the `order` part's view). Pure: the form's state in, a
 * Lit template out. Labels are real `<label>`s, errors are tied to their fields
 * (`aria-describedby`, `aria-invalid`), the presets are toggle buttons, the live price is the same
 * summary as the order screen's (`part` names shared where the meaning is the same). The form's
 * `method="dialog"` makes a submission without the script (a form drawn by the server, before the
 * script takes it over or with JavaScript off) do nothing, rather than reload the page.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckedDraft, OrderChoices, OrderDraft } from '../../contract/order.js';
import { PRESET_AMOUNTS, networksFor } from '../../contract/order.js';
import { FIAT_AMOUNT_MAX, FIAT_AMOUNT_MIN } from '../../contract/product.js';
import type { ShownQuote } from './order-quote-controller.js';
import { networkName } from '../../format/explorer.js';
import { formatCrypto, formatFiat, formatFiatDecimal, formatRate } from '../../format/format.js';
import { fill } from '../../i18n/catalogue.js';
import type { OrderMessages } from '../../i18n/messages-order.js';
import { figure, row, say, type WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

/** A failure of "Continue", as the form shows it. */
export interface OrderFailure {
  message: string;
  /** The merchant's own words, when its answer had some. */
  detail?: string | undefined;
  requestId?: string | undefined;
}

export interface OrderFormInput {
  view: WidgetViewInput;
  o: OrderMessages;
  draft: OrderDraft;
  choices: OrderChoices;
  checked: CheckedDraft;
  /** The wallet came from `wallet-address` (and is valid): shown, not asked. */
  walletFixed: boolean;
  /** Show the wallet's problem (after the field was left, or after "Continue"). */
  showWalletProblem: boolean;
  /** "Continue" was pressed at least once: every problem is shown. */
  submitted: boolean;
  quote: ShownQuote | null;
  quoteLoading: boolean;
  quoteFailing: boolean;
  creating: boolean;
  failure: OrderFailure | null;
  /** Server time now, for the price's age. */
  now: number;
  decimal: string;
  onAmount: (text: string) => void;
  onFiat: (value: string) => void;
  onCrypto: (value: string) => void;
  onNetwork: (value: string) => void;
  onWallet: (value: string) => void;
  onWalletLeft: () => void;
  onSubmit: (event: Event) => void;
}

const fillText = (template: string, values: Record<string, unknown>): unknown[] => fill(template, values);

/** "12 seconds ago", "now": the price's age in the buyer's language. */
function age(ms: number, locale: string): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return seconds < 60 ? format.format(-seconds, 'second') : format.format(-Math.floor(seconds / 60), 'minute');
}

function amountError(input: OrderFormInput): unknown {
  const { checked, o, draft, view, decimal } = input;
  const { locale } = view.text;
  switch (checked.amount) {
    case 'invalid':
      return fillText(o.amountInvalid, { example: figure(`100${decimal}00`) });
    case 'min':
      return fillText(o.amountMin, { amount: figure(formatFiat(FIAT_AMOUNT_MIN, draft.fiat, locale)) });
    case 'max':
      return fillText(o.amountMax, { amount: figure(formatFiat(FIAT_AMOUNT_MAX, draft.fiat, locale)) });
    default:
      return nothing;
  }
}

function walletError({ checked, o, draft, showWalletProblem }: OrderFormInput): unknown {
  if (!showWalletProblem || !checked.wallet) return nothing;
  const network = networkName(draft.network);
  return checked.wallet === 'missing'
    ? o.walletMissing
    : checked.wallet === 'checksum'
      ? o.walletChecksum
      : fillText(o.walletMalformed, { network });
}

const options = (values: readonly string[], selected: string, label: (value: string) => string = (v) => v) =>
  values.map((value) => html`<option value=${value} ?selected=${value === selected}>${label(value)}</option>`);

/** The live price: what the buyer receives, the rate, every fee, and how old the price is. */
function priceView(input: OrderFormInput): TemplateResult {
  const { view, o, quote, draft, checked, quoteLoading, quoteFailing, now } = input;
  const { locale, messages: t } = view.text;
  const current = quote?.key === checked.quoteKey ? quote : null;
  const money = (decimal: string) => formatFiatDecimal(decimal, draft.fiat, locale);
  const fees = current?.quote.fees;
  return html`<section part="quote live-price" class="quote" aria-label=${o.price} aria-busy=${quoteLoading ? 'true' : 'false'}>
    <div part="crypto-amount" class="receive">
      <span>${t.receiveEstimated}</span>
      <strong>${current ? figure(`≈ ${formatCrypto(current.quote.cryptoAmount, draft.crypto, locale)}`) : '…'}</strong>
    </div>
    ${
      current
        ? html`<dl>
              ${row(t.rate, current.quote.exchangeRate === null ? '…' : formatRate(current.quote.exchangeRate, draft.crypto, draft.fiat, locale), 'rate')}
            </dl>
            ${
              fees
                ? html`<dl part="fees" class="fees" aria-label=${t.fees}>
                  ${row(t.platformFee, money(fees.platform))}${row(t.networkFee, money(fees.network))}${row(t.processingFee, money(fees.processing))}
                  <div class="total"><dt>${t.totalFees}</dt><dd>${figure(money(fees.total))}</dd></div>
                </dl>`
                : nothing
            }`
        : nothing
    }
    <p part="quote-age" class="countdown">
      ${
        checked.quoteKey === null
          ? o.quoteWaiting
          : quoteFailing && !quoteLoading
            ? o.quoteFailed
            : current
              ? fillText(o.quoteAge, { age: age(now - current.at, locale) })
              : o.quoteLoading
      }
    </p>
  </section>`;
}

export function orderFormView(input: OrderFormInput): TemplateResult {
  const { view, o, draft, choices, checked, walletFixed, creating, failure } = input;
  const { text, testMode } = view;
  const { locale } = text;
  const amountProblem = checked.amount !== null && (draft.amountText.trim() !== '' || input.submitted);
  const walletProblem = input.showWalletProblem && checked.wallet !== null;
  return html`<div part="base" class="base" lang=${text.language} dir=${text.dir}>
    <header part="header">
      <h2 tabindex="-1">${say(text, 'title', { asset: draft.crypto })}</h2>
      ${testMode ? html`<span part="test-badge" class="badge">${say(text, 'testMode')}</span>` : nothing}
    </header>
    <p part="status" class="status" role="status">${creating ? o.creating : o.status}</p>
    <form part="order-form" class="order" aria-label=${o.form} method="dialog" novalidate @submit=${input.onSubmit}>
      <div class="field">
        <label for="amount">${o.amount}</label>
        <div class="amount-row">
          <input
            id="amount"
            part="amount-input"
            inputmode="decimal"
            autocomplete="off"
            dir="ltr"
            .value=${draft.amountText}
            aria-invalid=${amountProblem ? 'true' : 'false'}
            aria-describedby="amount-error"
            @input=${(event: Event) => input.onAmount((event.target as HTMLInputElement).value)}
          />
          <select
            id="fiat"
            part="fiat-select"
            aria-label=${o.currency}
            @change=${(event: Event) => input.onFiat((event.target as HTMLSelectElement).value)}
          >
            ${options(choices.fiats, draft.fiat)}
          </select>
        </div>
        <div part="presets" class="presets" role="group" aria-label=${o.presets}>
          ${PRESET_AMOUNTS.map((major) => {
            const minor = major * 100;
            return html`<button
              type="button"
              part="preset"
              aria-pressed=${checked.minor === minor ? 'true' : 'false'}
              @click=${() => input.onAmount(`${major}`)}
            >
              ${figure(formatFiat(minor, draft.fiat, locale).replace(/[.,]00(?=\D*$)/, ''))}
            </button>`;
          })}
        </div>
        <p id="amount-error" part="amount-error" class="field-error">
          ${amountProblem ? amountError(input) : nothing}
        </p>
      </div>
      <div class="pair">
        <div class="field">
          <label for="crypto">${o.asset}</label>
          <select
            id="crypto"
            part="crypto-select"
            @change=${(event: Event) => input.onCrypto((event.target as HTMLSelectElement).value)}
          >
            ${options(choices.cryptos, draft.crypto)}
          </select>
        </div>
        <div class="field">
          <label for="network">${o.network}</label>
          <select
            id="network"
            part="network-select"
            @change=${(event: Event) => input.onNetwork((event.target as HTMLSelectElement).value)}
          >
            ${options(networksFor(draft.crypto, choices.networks), draft.network, networkName)}
          </select>
        </div>
      </div>
      ${
        walletFixed
          ? html`<dl part="wallet" class="fixed-wallet">
              <div><dt>${o.walletFixed}</dt><dd class="mono">${figure(draft.wallet)}</dd></div>
            </dl>`
          : html`<div class="field">
              <label for="wallet">${o.wallet}</label>
              <input
                id="wallet"
                part="wallet-input"
                autocomplete="off"
                autocapitalize="off"
                spellcheck="false"
                dir="ltr"
                placeholder="0x…"
                .value=${draft.wallet}
                aria-invalid=${walletProblem ? 'true' : 'false'}
                aria-describedby="wallet-hint wallet-error"
                @input=${(event: Event) => input.onWallet((event.target as HTMLInputElement).value)}
                @blur=${input.onWalletLeft}
              />
              <p id="wallet-hint" class="hint">${fillText(o.walletHint, { network: networkName(draft.network) })}</p>
              <p id="wallet-error" part="wallet-error" class="field-error">${walletError(input)}</p>
            </div>`
      }
      ${priceView(input)}
      ${
        failure
          ? html`<div part="error" class="error" role="alert">
              ${failure.message}
              ${failure.detail ? html`<small>${failure.detail}</small>` : nothing}
              ${failure.requestId ? html`<small>${say(text, 'reference', { id: failure.requestId })}</small>` : nothing}
            </div>`
          : nothing
      }
      <button part="continue-button" type="submit" aria-disabled=${creating ? 'true' : 'false'}>
        ${creating ? o.creating : o.continue}
      </button>
    </form>
    <p part="announcer" class="sr" aria-live="polite"></p>
  </div>`;
}
