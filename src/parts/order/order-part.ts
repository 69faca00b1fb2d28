/**
 * The `order` part (`src/parts/`): amount first. An element with a publishable key, no client secret
 * and a `session-url` (or `createSession`) loads it and draws the card with it: the order form, the
 * live price, "Continue". Once the merchant's server made the session, the part hands it over to the
 * element as it would have been given (`session`, then `client-secret`): the session's flow goes on
 * in the same card, seeded with the creation response (no request for what it already has), and the
 * form draws nothing from then on.
 *
 * The element's attributes and CSS parts that only this part reads and renders (read into the
 * custom-elements manifest by scripts/build/manifest/analyze.ts):
 *
 * @attr {string} session-url - Amount first (an attribute only, read by the order form): without `client-secret`, the card starts with an order form, and "Continue" POSTs the order as JSON to this endpoint of yours, which answers with the session creation response (docs/reference.md#amount-first).
 * @attr {string} fiat-currencies - Amount first (an attribute only): the fiat currencies offered, comma-separated; default all.
 * @attr {string} crypto-currencies - Amount first (an attribute only): the assets offered, comma-separated; default all.
 * @attr {string} networks - Amount first (an attribute only): the networks offered, comma-separated; only pairs the API allows.
 * @attr {string} fiat-currency - Amount first (an attribute only): the fiat currency chosen at first.
 * @attr {string} crypto-currency - Amount first (an attribute only): the asset chosen at first.
 * @attr {string} network - Amount first (an attribute only): the network chosen at first.
 * @attr {string} fiat-amount - Amount first (an attribute only): the amount at first, in minor units; default 10000.
 * @attr {string} wallet-address - Amount first (an attribute only): the buyer's wallet, shown, not asked (else a field checks it).
 *
 * @csspart order-form - Amount first: the order form; its fields `amount-input`, `fiat-select`, `crypto-select`, `network-select`, `wallet-input`.
 * @csspart amount-input - Amount first: the amount.
 * @csspart fiat-select - Amount first: the fiat currency.
 * @csspart presets - Amount first: the preset amounts; each a `preset` toggle button.
 * @csspart preset - Amount first: one preset amount.
 * @csspart amount-error - Amount first: the amount's message.
 * @csspart crypto-select - Amount first: the asset.
 * @csspart network-select - Amount first: the network.
 * @csspart wallet - Amount first: the wallet given by `wallet-address`.
 * @csspart wallet-input - Amount first: the wallet address.
 * @csspart wallet-error - Amount first: the wallet's message.
 * @csspart live-price - Amount first: the live price (also `quote`), its age in `quote-age`.
 * @csspart quote-age - Amount first: how old the price is.
 * @csspart continue-button - Amount first: "Continue".
 */
import type { ReactiveController, TemplateResult } from 'lit';
import { ApiClient } from '../../api/api-client.js';
import { ServerClock } from '../../api/server-clock.js';
import { apiBaseFor, credentialsProblem, normalizeOrigin, pageLocation } from '../../core/config.js';
import { widgetError, type OnrampError } from '../../core/widget-error.js';
import {
  checkDraft,
  fitDraft,
  initialDraft,
  orderChoices,
  orderQuoteKey,
  type OrderAttributes,
  type OrderDraft,
} from '../../contract/order.js';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS } from '../../contract/product.js';
import { OrderQuoteController } from './order-quote-controller.js';
import { enOrder, orderMessages } from '../../i18n/messages-order.js';
import { OnrampErrorEvent } from '../../components/onramp-checkout/onramp-checkout.events.js';
import { orderFormView, type OrderFailure } from './order-form-view.js';
import { ORDER_FORM_CSS } from './order-form.styles.js';
import { adoptStyles } from '../adopt-styles.js';
import { createSessionFor, newIdempotencyKey } from './order-session.js';
import type { WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';
import type { OrderHooks, OrderHost } from '../parts.js';
import { formRetries, type FormRetryCode } from '../../diagnostics/problem-behaviour.js';

export type { OrderHooks, OrderHost };

/** The locale's decimal separator (`.` or `,`; `.` for any other). */
export function decimalSeparator(locale: string): string {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ',' : '.';
}

/** The form's attributes, read from the element each time (a framework may set them late). */
const attributesOf = (host: HTMLElement): OrderAttributes => ({
  fiatCurrencies: host.getAttribute('fiat-currencies'),
  cryptoCurrencies: host.getAttribute('crypto-currencies'),
  networks: host.getAttribute('networks'),
  fiatCurrency: host.getAttribute('fiat-currency'),
  cryptoCurrency: host.getAttribute('crypto-currency'),
  network: host.getAttribute('network'),
  fiatAmount: host.getAttribute('fiat-amount'),
  walletAddress: host.getAttribute('wallet-address'),
});

/** The form's styles, adopted into the element's shadow root beside the element's. */
const adoptOrderStyles = adoptStyles(ORDER_FORM_CSS);

class OrderForm implements ReactiveController {
  readonly #host: OrderHost;
  readonly #hooks: OrderHooks;
  readonly #quotes: OrderQuoteController;
  readonly #clock: ServerClock;
  /** Why the key or API base is refused, if it is. */
  #refusal: OnrampError | null = null;
  #client: ApiClient | null = null;
  /** The key and API base the client was made for. */
  #clientFor = '';
  #draft: OrderDraft | null = null;
  /** The buyer changed the draft: the attributes no longer set it. */
  #edited = false;
  /** The order texts of the last render, in the element's language. */
  #texts = enOrder;
  #decimal = '.';
  #walletLeft = false;
  #submitted = false;
  #creating = false;
  #failure: OrderFailure | null = null;
  /** The order of the last "Continue" and its idempotency key: a retry of the same order reuses it. */
  #attempt: { order: string; key: string } | null = null;

  constructor(host: OrderHost, hooks: OrderHooks) {
    // The form's own server clock (the price's age and expiry), set by the quotes' `Date` headers.
    const clock = new ServerClock();
    this.#host = host;
    this.#hooks = hooks;
    this.#quotes = new OrderQuoteController(host, clock, () => this.#client);
    host.addController(this);
    this.#clock = clock;
    this.#adoptStyles();
    this.#configure();
  }

  /** Whether the form is the card now: no client secret yet, nothing has failed for good. */
  #active(state: WidgetViewInput['state']): boolean {
    const { createSession, clientSecret } = this.#host;
    return (
      !clientSecret &&
      !!(this.#host.getAttribute('session-url') || createSession) &&
      state.status === 'loading' &&
      !state.session
    );
  }

  #adoptStyles(): void {
    adoptOrderStyles(this.#host.shadowRoot);
  }

  /** Checks the key and API base (as the element does with a client secret) and makes the quote's client. */
  #configure(): void {
    const { publishableKey: key, apiBase } = this.#host;
    const base = apiBaseFor(apiBase, key);
    const wanted = `${key} ${base}`;
    if (wanted !== this.#clientFor) {
      this.#clientFor = wanted;
      this.#client = null;
      const problem = credentialsProblem(key, '');
      this.#refusal =
        problem && problem !== 'INVALID_CLIENT_SECRET'
          ? widgetError(problem)
          : !base
            ? widgetError('MISSING_API_BASE', { values: { pageOrigin: pageLocation()?.origin } })
            : !normalizeOrigin(base)
              ? widgetError('INVALID_API_BASE', { values: { apiBase: base } })
              : null;
      if (!this.#refusal)
        this.#client = new ApiClient({ apiBase: base, publishableKey: key, clientSecret: '', clock: this.#clock });
    }
    // Refused before any request, as the element refuses a bad key (again after each reset of its own).
    if (this.#refusal && this.#host.status === 'loading') this.#hooks.send({ type: 'failed', error: this.#refusal });
  }

  hostUpdate(): void {
    // A session now (created here, or given): the form's price stops.
    if (this.#host.clientSecret) return this.#quotes.stop();
    this.#configure();
  }

  /** The card as the form draws it, or `undefined` when the element draws its own. */
  render(view: WidgetViewInput): TemplateResult | undefined {
    if (!this.#active(view.state)) return undefined;
    const { locale } = view.text;
    const choices = orderChoices(attributesOf(this.#host));
    // The attributes' order until the buyer changes something: a framework may set them after the
    // form's first render (it draws in the element's first render when this part is already here).
    if (!this.#edited || !this.#draft) {
      this.#decimal = decimalSeparator(locale);
      this.#draft = initialDraft(attributesOf(this.#host), choices, this.#decimal);
    }
    const draft = (this.#draft = fitDraft(this.#draft, choices));
    const checked = checkDraft(draft, this.#decimal);
    this.#quotes.want(checked.quoteKey);
    const fixedWallet = this.#host.getAttribute('wallet-address');
    return orderFormView({
      view,
      o: (this.#texts = orderMessages(view.text.messages)),
      draft,
      choices,
      checked,
      walletFixed: !!fixedWallet && fixedWallet.trim() === draft.wallet && checked.wallet === null,
      showWalletProblem: this.#walletLeft || this.#submitted,
      submitted: this.#submitted,
      quote: this.#quotes.shown,
      quoteLoading: this.#quotes.loading,
      quoteFailing: this.#quotes.failing,
      creating: this.#creating,
      failure: this.#failure,
      // The price's age on the clock it was stamped with (the form's, set by the quotes' `Date`).
      now: this.#clock.now(),
      decimal: this.#decimal,
      onAmount: (amountText) => this.#change({ amountText }),
      onFiat: (fiat) => FIAT_CURRENCIES.includes(fiat as never) && this.#change({ fiat: fiat as OrderDraft['fiat'] }),
      onCrypto: (crypto) =>
        CRYPTO_CURRENCIES.includes(crypto as never) && this.#change({ crypto: crypto as OrderDraft['crypto'] }),
      onNetwork: (network) =>
        NETWORKS.includes(network as never) && this.#change({ network: network as OrderDraft['network'] }),
      onWallet: (wallet) => this.#change({ wallet }),
      onWalletLeft: () => {
        if (this.#draft?.wallet.trim()) this.#walletLeft = true;
        this.#host.requestUpdate();
      },
      onSubmit: (event) => void this.#submit(event),
    });
  }

  #change(changes: Partial<OrderDraft>): void {
    if (!this.#draft) return;
    this.#edited = true;
    this.#draft = { ...this.#draft, ...changes };
    this.#host.requestUpdate();
  }

  async #submit(event: Event): Promise<void> {
    event.preventDefault();
    if (!this.#draft || this.#creating) return;
    this.#submitted = true;
    const { order, amount } = checkDraft(this.#draft, this.#decimal);
    if (!order) {
      this.#host.requestUpdate();
      await this.#host.updateComplete;
      // The first field to fix takes focus; its message is read with it (aria-describedby).
      this.#host.shadowRoot?.querySelector<HTMLElement>(amount ? '#amount' : '#wallet')?.focus();
      return;
    }
    const json = JSON.stringify(order);
    if (this.#attempt?.order !== json) this.#attempt = { order: json, key: newIdempotencyKey() };
    this.#creating = true;
    this.#failure = null;
    this.#host.requestUpdate();
    const outcome = await createSessionFor(
      { sessionUrl: this.#host.getAttribute('session-url') ?? '', createSession: this.#host.createSession },
      order,
      this.#attempt.key,
    );
    this.#creating = false;
    if (!outcome.ok) {
      const code: FormRetryCode = outcome.busy ? 'SESSION_CREATE_BUSY' : 'SESSION_CREATE_FAILED';
      const message = outcome.busy
        ? this.#texts.createBusy
        : outcome.unreachable
          ? this.#texts.createOffline
          : this.#texts.createFailed;
      this.#failure = { message, detail: outcome.detail, requestId: outcome.requestId };
      this.#host.requestUpdate();
      this.#host.dispatchEvent(
        new OnrampErrorEvent({
          code,
          message,
          recoverable: formRetries(code),
          ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
          values: outcome.values,
          ...this.#hooks.explain(code, outcome.values),
        }),
      );
      return;
    }
    // The flow of a session given by the merchant's page: seeded from the creation response (with the
    // order, which the response does not repeat), then followed with its client secret.
    // The price the buyer saw for this very order (not one for an amount typed before).
    const last = this.#quotes.shown;
    this.#quotes.stop();
    this.#attempt = null;
    this.#hooks.handedOver(
      String(outcome.created.session.session_id),
      order,
      last?.key === orderQuoteKey(order) ? last.quote.cryptoAmount : undefined,
    );
    this.#host.session = { ...order, ...outcome.created.session };
    this.#host.clientSecret = outcome.created.clientSecret;
  }
}

/**
 * Attaches the form to the element: returns what the element draws with while it has no client
 * secret (`undefined` once it has one, or when it shows an error of its own).
 */
export function attachOrder(host: OrderHost, hooks: OrderHooks): (view: WidgetViewInput) => TemplateResult | undefined {
  const form = new OrderForm(host, hooks);
  return (view) => form.render(view);
}
