import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ApiClient, ApiError } from '../../api/api-client.js';
import { ServerClock } from '../../api/server-clock.js';
import { backoffDelay } from '../../api/retry-policy.js';
import { initialState, isActive, isFinal, transition, type Notification, type WidgetEvent, type WidgetState, type WidgetStatus } from '../../core/checkout-machine.js';
import { checkCredentials, checkRedirectUrl, normalizeOrigin, type WidgetCredentials } from '../../core/config.js';
import { fromQuote, fromSessionInput, fromStatusView, type QuoteFigures, type SessionView } from '../../core/session-view.js';
import { sessionInputRead } from '../../contract/read/session.js';
import { errorMessage, widgetError, type WidgetError } from '../../core/widget-error.js';
import { CountdownController } from '../../controllers/countdown-controller.js';
import { HostedCheckoutController, type CheckoutMode } from '../../controllers/hosted-checkout-controller.js';
import { PollController, type PollOutcome } from '../../controllers/poll-controller.js';
import { explorerTxUrl, networkName } from '../../format/explorer.js';
import { formatCountdown, formatCrypto, formatDateTime, formatFiat, formatFiatDecimal, formatMinutesFromNow, formatRate, shortenAddress } from '../../format/format.js';
import { fill } from '../../i18n/catalogue.js';
import type { MessageKey } from '../../i18n/messages.js';
import { LocaleController } from '../../controllers/locale-controller.js';
import {
  OnrampCompletedEvent,
  OnrampErrorEvent,
  OnrampExpiredEvent,
  OnrampFailedEvent,
  OnrampFallbackEvent,
  OnrampQuoteExpiredEvent,
  OnrampQuoteRefreshedEvent,
  OnrampReadyEvent,
  OnrampStatusChangeEvent,
} from './onramp-checkout.events.js';
import { styles } from './onramp-checkout.styles.js';

export type Theme = 'light' | 'dark' | 'auto';

/** Poll cadence per status, ms: quicker once the payment is in. Other statuses are not polled. */
const POLL_INTERVAL_MS: Partial<Record<WidgetStatus, number>> = { pending: 3000, processing: 1000 };

/** Defaults point at a local sandbox (`npm run sandbox`); production embeds set both. */
const DEFAULT_API_BASE = 'http://127.0.0.1:8787';
const DEFAULT_CHECKOUT_ORIGIN = 'http://127.0.0.1:8788';

/** The poll outcome that ends polling (no credentials, or the request was cancelled). */
const STOP: PollOutcome = { ok: false, retry: false, retryAfterMs: null };

/** Notifications whose event carries just the session: ready, the final ones, quote-expired. */
const SESSION_EVENTS = {
  ready: OnrampReadyEvent,
  completed: OnrampCompletedEvent,
  failed: OnrampFailedEvent,
  expired: OnrampExpiredEvent,
  'quote-expired': OnrampQuoteExpiredEvent,
};

/**
 * A figure (an amount, a rate, an address) kept left to right inside right-to-left text, so that
 * `1 ETH = 3,150.42 US$` does not come out reordered in Arabic.
 */
const figure = (value: unknown) => html`<bdi dir="ltr">${value}</bdi>`;

/** A row of a summary list. */
const row = (label: string, value: unknown, part?: string) => html`<div part=${part ?? nothing}><dt>${label}</dt><dd>${figure(value)}</dd></div>`;

/**
 * A countdown line: the label around mm:ss while time is left, else the expired text. `role=timer`
 * is not announced as it ticks; the live region says what matters.
 */
const timer = (part: string, left: number, label: (time: TemplateResult) => unknown, expired: string, locale: string) =>
  html`<p part=${part} class="countdown ${left ? '' : 'expired'}" role="timer">${left ? label(html`<time>${formatCountdown(left, locale)}</time>`) : expired}</p>`;

/**
 * A fiat-to-crypto checkout. Give it a publishable key and a session's client secret: it shows the
 * quote with live countdowns, opens the hosted checkout to pay, and follows the session until it is
 * completed, failed or expired.
 *
 * @summary Embeddable onramp checkout.
 * @tagname onramp-checkout
 *
 * @event onramp-ready - The order is on screen for the first time. Detail: `{session}`.
 * @event onramp-status-change - The status changed. Detail: `{status, previousStatus, session}`.
 * @event onramp-quote-expired - The quoted price expired while pending; a new quote is being fetched. Detail: `{session}`.
 * @event onramp-quote-refreshed - A fresh quote is shown. Detail: `{quote}`.
 * @event onramp-completed - The crypto was delivered. Detail: `{session}`.
 * @event onramp-failed - Payment or delivery failed. Detail: `{session}`.
 * @event onramp-expired - The session expired; create a new one. Detail: `{session}`.
 * @event onramp-error - Something went wrong. Detail: `{code, message, requestId?, recoverable}`.
 * @event onramp-fallback - Cancelable. The embedded flow falls back (popup, then navigation). Detail: `{reason, url}`.
 *
 * @csspart base - The card around everything.
 * @csspart header - Title row.
 * @csspart test-badge - "Test mode" badge, shown for `_test_` keys.
 * @csspart status - The live status line.
 * @csspart announcer - Visually hidden polite live region: the last minute of the price or session, price changes.
 * @csspart error - The error message.
 * @csspart quote - The order summary.
 * @csspart crypto-amount - The crypto amount the buyer receives.
 * @csspart rate - The exchange rate row.
 * @csspart fees - The fee breakdown.
 * @csspart quote-countdown - Time left on the quoted price.
 * @csspart session-countdown - Time left on the session.
 * @csspart pay-button - The "Pay" button.
 * @csspart checkout-frame - The iframe with the hosted checkout.
 * @csspart fallback-link - Link to the hosted checkout when it cannot be embedded or popped up.
 * @csspart result - The final screen (completed, failed, expired).
 * @csspart tx-link - Link to the delivery transaction on a block explorer.
 *
 * @cssproperty --onramp-color-background - Card background.
 * @cssproperty --onramp-color-surface - Background of the summary and notices.
 * @cssproperty --onramp-color-text - Main text colour.
 * @cssproperty --onramp-color-muted - Secondary text colour.
 * @cssproperty --onramp-color-border - Borders.
 * @cssproperty --onramp-color-accent - Buttons and links.
 * @cssproperty --onramp-color-accent-text - Text on buttons.
 * @cssproperty --onramp-color-success - Completed state.
 * @cssproperty --onramp-color-danger - Errors, failed and expired states.
 * @cssproperty --onramp-color-warning - Test-mode badge.
 * @cssproperty --onramp-color-focus - Focus ring.
 * @cssproperty [--onramp-radius=12px] - Corner radius.
 * @cssproperty [--onramp-font-family=system-ui, sans-serif] - Font family.
 * @cssproperty [--onramp-font-size=15px] - Base font size.
 * @cssproperty [--onramp-spacing=16px] - Base spacing unit.
 * @cssproperty [--onramp-max-width=440px] - Maximum width of the element.
 */
export class OnrampCheckout extends LitElement {
  static override styles = styles;

  // Declared without decorators (lit/decorators.js costs bytes in the script-tag bundle).
  static override properties: PropertyDeclarations = {
    publishableKey: { attribute: 'publishable-key' },
    clientSecret: { attribute: 'client-secret' },
    apiBase: { attribute: 'api-base' },
    checkoutOrigin: { attribute: 'checkout-origin' },
    redirectUrl: { attribute: 'redirect-url' },
    mode: {},
    locale: {},
    theme: { reflect: true },
    session: { attribute: false },
    machine: { state: true },
    frameHeight: { state: true },
  };

  /** Publishable API key (`<brand>_<live|test>_pk_…`). A secret key is refused. */
  publishableKey = '';

  /** The session's client secret (`ors_…_secret_…`); the session id is derived from it. */
  clientSecret = '';

  /** API base URL, ending before `/v1`; https, or http on localhost. Defaults to a local sandbox. */
  apiBase = DEFAULT_API_BASE;

  /** The only origin `redirect_url` may point at. Defaults to a local sandbox. */
  checkoutOrigin = DEFAULT_CHECKOUT_ORIGIN;

  /**
   * The hosted checkout link of the session: `redirect_url` of the creation response, rendered by
   * the merchant's server beside the client secret. Needed with a server whose status answer has no
   * `redirect_url` (the spec's shape has none) unless the `session` property is given. Checked like
   * any `redirect_url`: https (or http on localhost) on exactly `checkout-origin`, else refused.
   */
  redirectUrl = '';

  /** How "Pay" opens the hosted checkout: in an iframe, a popup, or by navigating the page. */
  mode: CheckoutMode = 'embedded';

  /**
   * BCP 47 locale of the texts, numbers, currencies and dates (`de`, `fr-CA`, `ar`…); when unset, the
   * nearest `lang` attribute (the page's), else the browser's. Texts exist in English, German, French,
   * Spanish and Arabic (right to left); other languages get English texts with their own formats.
   */
  locale = '';

  /** Colour scheme: `light`, `dark`, or `auto` (follows the system). */
  theme: Theme = 'light';

  /**
   * Optional session creation response (plus, optionally, the request's `fiat_amount`,
   * `fiat_currency`, `crypto_currency`, `network`, `wallet_address`): shown at once, no request.
   */
  session: unknown = undefined;

  private machine: WidgetState = initialState;
  private frameHeight = 560;

  #credentials: WidgetCredentials | null = null;
  readonly #clock = new ServerClock();
  #client: ApiClient | null = null;
  #seq = 0;
  #pending: Notification[] = [];
  #quoteAbort: AbortController | null = null;
  #quoteFailures = 0;
  #quoteRetryAt = 0;
  /** Set by `#configure`: polling starts once the first state (maybe a seeded session) is on screen. */
  #startPolling = false;

  readonly #poller = new PollController(this, {
    poll: (signal) => this.#poll(signal),
    interval: () => POLL_INTERVAL_MS[this.machine.status] ?? null,
    onOffline: () => this.#send({ type: 'failed', error: widgetError('OFFLINE') }),
  });

  readonly #countdown = new CountdownController(this, {
    clock: this.#clock,
    active: () => isActive(this.machine.status),
    onTick: (now) => this.#onTick(now),
  });

  readonly #i18n = new LocaleController(this);

  /** Whether focus was inside the widget before this update (see `updated`). */
  #hadFocus = false;

  readonly #checkout = new HostedCheckoutController(this, {
    frame: () => this.renderRoot.querySelector('iframe'),
    onSurface: (surface) => this.#send(surface === 'none' ? { type: 'checkout-closed' } : { type: 'checkout-opened', surface }),
    onFallback: (reason, url) => this.dispatchEvent(new OnrampFallbackEvent(reason, url)),
    onHint: () => this.#poller.pollNow(),
    onResize: (height) => {
      this.frameHeight = Math.min(Math.max(height, 320), 1200);
    },
    navigate: (url) => this.navigate(url),
  });

  /** The widget's status, reflected as the read-only `status` attribute. */
  get status(): WidgetStatus {
    return this.machine.status;
  }

  /** The error shown now, if any. */
  get error(): WidgetError | null {
    return this.machine.error;
  }

  // Removed and re-added (as frameworks do): the controllers resume by themselves, nothing twice.
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abortQuote();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#hadFocus = !!this.shadowRoot?.activeElement;
    if (changed.has('locale')) this.#i18n.sync();
    if (changed.has('publishableKey') || changed.has('clientSecret') || changed.has('apiBase')) {
      this.#configure();
    } else if (changed.has('session')) {
      this.#seed();
    }
  }

  protected override updated(): void {
    if (this.getAttribute('status') !== this.machine.status) this.setAttribute('status', this.machine.status);
    // The view changed under the buyer's focus (Pay became the checkout frame, the frame became the
    // result): move focus to what replaced it rather than letting it fall to the page.
    if (this.#hadFocus && !this.shadowRoot?.activeElement) {
      const root = this.renderRoot;
      (['iframe', '.final h3', 'a[part=fallback-link]', 'button', 'h2'] as const)
        .map((selector) => root.querySelector<HTMLElement>(selector))
        .find(Boolean)
        ?.focus();
    }
    this.#countdown.sync();
    if (this.#startPolling) {
      this.#startPolling = false;
      this.#poller.start();
    }
    const pending = this.#pending;
    this.#pending = [];
    for (const notification of pending) this.#dispatch(notification);
  }

  #abortQuote(): void {
    this.#quoteAbort?.abort();
    this.#quoteAbort = null;
  }

  /** Validates the credentials and (re)starts from scratch: a new session, a new life. */
  #configure(): void {
    this.#startPolling = false;
    this.#poller.stop();
    this.#checkout.close();
    this.#abortQuote();
    this.#send({ type: 'reset' });
    this.#credentials = this.#client = null;

    const checked = checkCredentials(this.publishableKey, this.clientSecret);
    if (!checked.ok) return this.#fail(checked.error);
    const apiBase = this.apiBase;
    if (!normalizeOrigin(apiBase)) return this.#fail(widgetError('INVALID_CONFIGURATION', { detail: 'api-base must be an https URL' }));
    const { publishableKey, clientSecret } = (this.#credentials = checked.value);
    this.#client = new ApiClient({ apiBase, publishableKey, clientSecret, clock: this.#clock });
    this.#seed();
    // Not from here (willUpdate): a seeded session is rendered first, and only then polled.
    this.#startPolling = true;
  }

  /** Shows the `session` property at once, when it belongs to the configured session. */
  #seed(): void {
    const parsed = sessionInputRead.safeParse(this.session);
    if (parsed.success && parsed.data.session_id === this.#credentials?.sessionId) {
      this.#send({ type: 'session-seeded', session: fromSessionInput(parsed.data) });
    }
  }

  #send(event: WidgetEvent): void {
    const { state: next, notifications } = transition(this.machine, event);
    if (next === this.machine) return;
    this.machine = next;
    this.#pending.push(...notifications);
    if (isFinal(next)) {
      this.#poller.stop();
      this.#checkout.close();
    }
  }

  #fail(error: WidgetError): void {
    this.#send({ type: 'failed', error });
  }

  async #poll(signal: AbortSignal): Promise<PollOutcome> {
    const client = this.#client;
    if (!client) return STOP;
    const seq = ++this.#seq;
    try {
      const { data } = await client.getSession(this.#credentials!.sessionId, signal);
      if (signal.aborted) return STOP;
      this.#send({ type: 'session-fetched', session: fromStatusView(data), seq });
      // A session without a usable price (the spec's bare status shape) gets a fresh quote.
      const { status, session } = this.machine;
      if (status === 'pending' && (session?.quote.exchangeRate === null || session?.quote.expiresAt === null) && this.#clock.now() >= this.#quoteRetryAt) {
        void this.#refreshQuote();
      }
      return { ok: true };
    } catch (cause) {
      if (signal.aborted) return STOP;
      const error = cause instanceof ApiError ? cause : null;
      const reported = error?.error ?? widgetError('NETWORK_ERROR');
      this.#fail(reported);
      return { ok: false, retry: reported.recoverable, retryAfterMs: error?.retryAfterMs ?? null };
    }
  }

  #onTick(now: number): void {
    const { session, status, quoteNotice } = this.machine;
    if (!session || status !== 'pending') return;
    const quoteExpiry = session.quote.expiresAt;
    if (quoteExpiry !== null && now >= quoteExpiry && quoteNotice !== 'refreshing') {
      this.#send({ type: 'quote-expired' });
      void this.#refreshQuote();
    } else if (quoteNotice === 'refreshing' && !this.#quoteAbort && now >= this.#quoteRetryAt) {
      void this.#refreshQuote();
    }
    // At the session's deadline ask the server now, rather than at the next poll.
    if (session.expiresAt !== null && now >= session.expiresAt) this.#poller.pollNow();
  }

  async #refreshQuote(): Promise<void> {
    const session = this.machine.session;
    const client = this.#client;
    if (!session || !client || this.#quoteAbort) return;
    const { fiatAmount, fiatCurrency, cryptoCurrency, network } = session;
    if (fiatAmount === null || fiatCurrency === null || cryptoCurrency === null) return;
    const abort = (this.#quoteAbort = new AbortController());
    try {
      const request = { fiat_amount: fiatAmount, fiat_currency: fiatCurrency, crypto_currency: cryptoCurrency, ...(network ? { network } : {}) };
      const { data } = await client.createQuote(request, abort.signal);
      if (abort.signal.aborted) return;
      this.#quoteFailures = 0;
      this.#send({ type: 'quote-refreshed', quote: fromQuote(data) });
    } catch (cause) {
      if (abort.signal.aborted) return;
      const error = cause instanceof ApiError ? cause : null;
      this.#quoteFailures += 1;
      this.#quoteRetryAt = this.#clock.now() + backoffDelay(this.#quoteFailures, error?.retryAfterMs);
      // Never fatal: the spec does not say which keys may ask for quotes, and the session can
      // still be paid at the checkout's price. The order stays on screen; a retry comes later.
      this.#fail(widgetError('QUOTE_REFRESH_FAILED', { requestId: error?.error.requestId }));
    } finally {
      if (this.#quoteAbort === abort) this.#quoteAbort = null;
    }
  }

  #onPay(): void {
    const session = this.machine.session;
    if (!session || !this.#credentials) return;
    // The merchant's `redirect-url` first; else the link the session came with.
    const redirectUrl = this.redirectUrl || session.redirectUrl;
    if (!redirectUrl) return this.#fail(widgetError('INVALID_CONFIGURATION', { detail: 'no checkout link: set redirect-url' }));
    const checked = checkRedirectUrl(redirectUrl, this.checkoutOrigin);
    if (!checked.ok) return this.#fail(checked.error);
    const mode: CheckoutMode = this.mode === 'popup' || this.mode === 'redirect' ? this.mode : 'embedded';
    this.#checkout.open(checked.value, session.sessionId, mode);
  }

  /**
   * Sends the page to the hosted checkout (`redirect` mode, and the last fallback when a popup is
   * blocked and `onramp-fallback` was not cancelled). A seam for tests: `Location` cannot be stubbed.
   * @internal
   */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  #dispatch(notification: Notification): void {
    const session = this.machine.session;
    const { type } = notification;
    this.dispatchEvent(
      type === 'status-change'
        ? new OnrampStatusChangeEvent({ status: notification.status, previousStatus: notification.previousStatus, session })
        : type === 'quote-refreshed'
          ? new OnrampQuoteRefreshedEvent(notification.quote)
          : type === 'error'
            ? new OnrampErrorEvent({ ...notification.error, message: this.#errorText(notification.error) })
            : // The machine notifies these only with a session shown.
              new SESSION_EVENTS[type](session!),
    );
  }

  /** A message of the buyer's catalogue, `{placeholders}` filled (values may be templates). */
  #t(key: MessageKey, values: Record<string, unknown> = {}): unknown[] {
    return fill(this.#i18n.messages[key], values);
  }

  /** An error's message in the buyer's language (the `onramp-error` event carries the same text). */
  #errorText(error: WidgetError): string {
    return errorMessage(error, this.#i18n.messages);
  }

  /**
   * What the polite live region says: only what changes the buyer's plans, once each (a phase, not
   * a ticking number): the last minute of the session or the price, the price expiring and updated.
   */
  #announcement(): unknown[] | string {
    const { status, session, quoteNotice } = this.machine;
    if (status !== 'pending' || !session) return '';
    const lastMinute = (deadline: number | null) => deadline !== null && this.#countdown.remaining(deadline) <= 60_000;
    // Built only when said (renders run every second).
    const inAMinute = () => ({ when: formatMinutesFromNow(1, this.#i18n.locale) });
    return lastMinute(session.expiresAt)
      ? this.#t(session.expiresAt! > this.#clock.now() ? 'sessionEnding' : 'sessionExpired', inAMinute())
      : quoteNotice === 'refreshing'
        ? this.#t('priceExpired')
        : lastMinute(session.quote.expiresAt)
          ? this.#t('priceEnding', inAMinute())
          : quoteNotice === 'refreshed'
            ? this.#t('priceUpdated')
            : '';
  }

  protected override render(): TemplateResult {
    const { status, session, error } = this.machine;
    const i18n = this.#i18n;
    return html`<div part="base" class="base" lang=${i18n.language} dir=${i18n.dir}>
      <header part="header">
        <h2 tabindex="-1">${this.#t('title', { asset: session?.cryptoCurrency ?? i18n.messages.crypto })}</h2>
        ${/_test_/.test(this.publishableKey) ? html`<span part="test-badge" class="badge">${this.#t('testMode')}</span>` : nothing}
      </header>
      <p part="status" class="status" role="status">${this.#t(`status.${status}`)}</p>
      <p part="announcer" class="sr" aria-live="polite">${this.#announcement()}</p>
      ${error
        ? html`<div part="error" class="error" role="alert">
            ${this.#errorText(error)} ${error.requestId ? html`<small>${this.#t('reference', { id: error.requestId })}</small>` : nothing}
          </div>`
        : nothing}
      ${!session
        ? status === 'loading'
          ? html`<div class="skeleton" aria-hidden="true"></div>`
          : nothing
        : isActive(status)
          ? this.#renderOrder(session)
          : status === 'error'
            ? nothing
            : this.#renderResult(session)}
    </div>`;
  }

  #renderOrder(session: SessionView): TemplateResult {
    const locale = this.#i18n.locale;
    const t = this.#i18n.messages;
    const { quote, fiatCurrency: fiat, cryptoCurrency: crypto, network, walletAddress: wallet, fiatAmount } = session;
    const money = (decimal: string) => (fiat ? formatFiatDecimal(decimal, fiat, locale) : '…');
    const fees = quote.fees;
    const pending = session.status === 'pending';
    return html`<section part="quote" class="quote" aria-label=${t.summary}>
        <div part="crypto-amount" class="receive">
          <span>${pending ? t.receiveEstimated : t.receive}</span>
          <strong>${figure(`≈ ${formatCrypto(quote.cryptoAmount, crypto, locale)}`)}</strong>
        </div>
        <dl>
          ${fiatAmount !== null && fiat ? row(t.youPay, formatFiat(fiatAmount, fiat, locale)) : nothing}
          ${row(t.rate, quote.exchangeRate !== null && crypto && fiat ? formatRate(quote.exchangeRate, crypto, fiat, locale) : '…', 'rate')}
          ${network ? row(t.network, networkName(network)) : nothing}
          ${wallet ? html`<div><dt>${t.wallet}</dt><dd class="mono" title=${wallet} aria-label=${wallet}>${shortenAddress(wallet)}</dd></div>` : nothing}
        </dl>
        ${fees
          ? html`<dl part="fees" class="fees" aria-label=${t.fees}>
              ${row(t.platformFee, money(fees.platform))}${row(t.networkFee, money(fees.network))}${row(t.processingFee, money(fees.processing))}
              <div class="total"><dt>${t.totalFees}</dt><dd>${figure(money(fees.total))}</dd></div>
            </dl>`
          : nothing}
        ${pending ? this.#renderQuoteCountdown(quote) : nothing}
      </section>
      ${pending && session.expiresAt !== null
        ? timer('session-countdown', this.#countdown.remaining(session.expiresAt), (time) => this.#t('sessionLeft', { time }), t.sessionExpired, locale)
        : nothing}
      ${this.#renderPayment(session)}`;
  }

  #renderQuoteCountdown({ expiresAt }: QuoteFigures): TemplateResult {
    const notice = this.machine.quoteNotice;
    return timer(
      'quote-countdown',
      notice === 'refreshing' || expiresAt === null ? 0 : this.#countdown.remaining(expiresAt),
      (time) => [notice === 'refreshed' ? html`<span class="notice">${this.#t('priceUpdated')}</span> ` : nothing, this.#t('priceValid', { time })],
      this.#i18n.messages.priceExpired,
      this.#i18n.locale,
    );
  }

  #renderPayment(session: SessionView): TemplateResult | typeof nothing {
    const surface = this.machine.surface;
    const url = this.#checkout.url;
    const t = this.#i18n.messages;
    if (surface === 'frame' && url) {
      return html`<iframe
        part="checkout-frame"
        src=${url}
        title=${t.frameTitle}
        height=${this.frameHeight}
        allow="payment"
        referrerpolicy="no-referrer"
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        @load=${() => this.#checkout.frameLoaded()}
      ></iframe>`;
    }
    if (session.status !== 'pending') return nothing;
    if (surface === 'popup') {
      return html`<p class="status">${t.payInPopup}</p>
        <button part="pay-button" type="button" @click=${this.#onPay}>${t.reopenPopup}</button>`;
    }
    if (surface === 'link' && url) {
      return html`<p class="status">${t.cannotEmbed}</p>
        <a part="fallback-link" class="link-button" href=${url} target="_blank" rel="noopener">${t.openPage}</a>`;
    }
    const { fiatAmount, fiatCurrency, expiresAt } = session;
    const amount = fiatAmount !== null && fiatCurrency ? figure(formatFiat(fiatAmount, fiatCurrency, this.#i18n.locale)) : '';
    return html`<button part="pay-button" type="button" ?disabled=${expiresAt !== null && !this.#countdown.remaining(expiresAt)} @click=${this.#onPay}>
      ${amount ? this.#t('pay', { amount }) : this.#i18n.messages.pay.replace(/\s*\{amount\}\s*/, '')}
    </button>`;
  }

  #renderResult(session: SessionView): TemplateResult {
    const { status, txHash, network, walletAddress: wallet, completedAt } = session;
    const { locale, messages: t } = this.#i18n;
    // Focused when the view changes under the buyer's focus (see `updated`).
    const heading = (text: string) => html`<h3 tabindex="-1">${text}</h3>`;
    if (status === 'completed') {
      const link = txHash && network ? explorerTxUrl(network, this.#credentials?.environment ?? 'live', txHash) : null;
      return html`<section part="result" class="final completed">
        ${heading(t['status.completed'])}
        <p>
          ${this.#t('delivered', {
            amount: html`<strong>${figure(formatCrypto(session.quote.cryptoAmount, session.cryptoCurrency, locale))}</strong>`,
            network: network ? networkName(network) : '…',
            wallet: wallet ? html`<span class="mono" title=${wallet}>${shortenAddress(wallet)}</span>` : '…',
          })}
        </p>
        ${completedAt ? html`<p class="status">${this.#t('deliveredAt', { date: formatDateTime(completedAt, locale) })}</p>` : nothing}
        ${link && txHash
          ? html`<a part="tx-link" href=${link} target="_blank" rel="noopener noreferrer">${this.#t('viewTx', { hash: html`<span class="mono">${shortenAddress(txHash)}</span>` })}</a>`
          : nothing}
      </section>`;
    }
    const failed = status === 'failed';
    return html`<section part="result" class="final ${status}">
      ${heading(failed ? t.failedTitle : t.expiredTitle)}
      <p>${failed ? t.failedBody : t.expiredBody}</p>
      <p>${failed ? t.failedNext : t.expiredNext}</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'onramp-checkout': OnrampCheckout;
  }
}
