import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ApiClient, ApiError } from '../../api/api-client.js';
import { ServerClock } from '../../api/server-clock.js';
import { backoffDelay } from '../../api/retry-policy.js';
import { initialState, isFinal, transition, type Notification, type WidgetEvent, type WidgetState, type WidgetStatus } from '../../core/checkout-machine.js';
import { checkCredentials, checkRedirectUrl, normalizeOrigin, type WidgetCredentials } from '../../core/config.js';
import { fromQuote, fromSessionInput, fromStatusView, sessionInputSchema, type SessionView } from '../../core/session-view.js';
import { widgetError, type WidgetError } from '../../core/widget-error.js';
import { CountdownController } from '../../controllers/countdown-controller.js';
import { HostedCheckoutController, type CheckoutMode, type FallbackReason } from '../../controllers/hosted-checkout-controller.js';
import { PollController, type PollOutcome } from '../../controllers/poll-controller.js';
import { explorerTxUrl, NETWORK_NAMES } from '../../format/explorer.js';
import { formatCountdown, formatCrypto, formatFiat, formatRate, shortenAddress } from '../../format/format.js';
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

/** Poll cadence per status, ms: quicker once the payment is in. */
const POLL_INTERVAL_MS = { pending: 3000, processing: 1000 } as const;

/** Defaults point at a local sandbox (`npm run sandbox`); production embeds set both. */
const DEFAULT_API_BASE = 'http://127.0.0.1:8787';
const DEFAULT_CHECKOUT_ORIGIN = 'http://127.0.0.1:8788';

const STATUS_TEXT: Record<WidgetStatus, string> = {
  loading: 'Loading your order…',
  pending: 'Waiting for your payment',
  processing: 'Payment received. Delivering your crypto…',
  completed: 'Purchase complete',
  failed: 'Payment failed',
  expired: 'Session expired',
  error: 'Checkout unavailable',
};

/**
 * A fiat-to-crypto checkout. Give it a publishable key and a session's client secret: it shows the
 * quote with live countdowns, opens the hosted checkout to pay, and follows the session until it is
 * completed, failed or expired.
 *
 * @summary Embeddable onramp checkout.
 *
 * @event onramp-ready - The order is on screen for the first time. Detail: `{session}`.
 * @event onramp-status-change - The status changed. Detail: `{status, previousStatus, session}`.
 * @event onramp-quote-expired - The quoted price expired while pending; a new quote is being fetched.
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
 * @cssproperty --onramp-radius - Corner radius.
 * @cssproperty --onramp-font-family - Font family.
 * @cssproperty --onramp-font-size - Base font size.
 * @cssproperty --onramp-spacing - Base spacing unit.
 * @cssproperty --onramp-max-width - Maximum width of the element.
 */
export class OnrampCheckout extends LitElement {
  static override styles = styles;

  // Declared without decorators (lit/decorators.js costs bytes in the script-tag bundle).
  static override properties: PropertyDeclarations = {
    publishableKey: { attribute: 'publishable-key' },
    clientSecret: { attribute: 'client-secret' },
    apiBase: { attribute: 'api-base' },
    checkoutOrigin: { attribute: 'checkout-origin' },
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

  /** API base URL, without `/v1`. */
  apiBase = DEFAULT_API_BASE;

  /** The only origin `redirect_url` may point at. */
  checkoutOrigin = DEFAULT_CHECKOUT_ORIGIN;

  /** How "Pay" opens the hosted checkout: in an iframe, a popup, or by navigating the page. */
  mode: CheckoutMode = 'embedded';

  /** BCP 47 locale for numbers and currencies; defaults to the browser's. */
  locale = '';

  /** Colour scheme. */
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
    interval: () => {
      const status = this.machine.status;
      return status === 'pending' || status === 'processing' ? POLL_INTERVAL_MS[status] : null;
    },
    onOffline: () => this.#send({ type: 'failed', error: widgetError('OFFLINE') }),
  });

  readonly #countdown = new CountdownController(this, {
    clock: this.#clock,
    active: () => this.machine.status === 'pending' || this.machine.status === 'processing',
    onTick: (now) => this.#onTick(now),
  });

  readonly #checkout = new HostedCheckoutController(this, {
    frame: () => this.renderRoot.querySelector<HTMLIFrameElement>('iframe') ?? null,
    onSurface: (surface) => this.#send(surface === 'none' ? { type: 'checkout-closed' } : { type: 'checkout-opened', surface }),
    onFallback: (reason, url) => this.#fallback(reason, url),
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
    this.#quoteAbort?.abort();
    this.#quoteAbort = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('publishableKey') || changed.has('clientSecret') || changed.has('apiBase')) {
      this.#configure();
    } else if (changed.has('session')) {
      this.#seed();
    }
  }

  protected override updated(): void {
    if (this.getAttribute('status') !== this.machine.status) this.setAttribute('status', this.machine.status);
    this.#countdown.sync();
    if (this.#startPolling) {
      this.#startPolling = false;
      this.#poller.start();
    }
    const pending = this.#pending;
    this.#pending = [];
    for (const notification of pending) this.#dispatch(notification);
  }

  /** Validates the credentials and (re)starts from scratch: a new session, a new life. */
  #configure(): void {
    this.#startPolling = false;
    this.#poller.stop();
    this.#checkout.close();
    this.#quoteAbort?.abort();
    this.#quoteAbort = null;
    this.#send({ type: 'reset' });
    this.#credentials = null;
    this.#client = null;

    const checked = checkCredentials(this.publishableKey, this.clientSecret);
    if (!checked.ok) {
      this.#send({ type: 'failed', error: checked.error });
      return;
    }
    const apiBase = normalizeOrigin(this.apiBase) && this.apiBase;
    if (!apiBase) {
      this.#send({ type: 'failed', error: widgetError('INVALID_CONFIGURATION', { detail: 'api-base must be an https URL' }) });
      return;
    }
    this.#credentials = checked.value;
    this.#client = new ApiClient({
      apiBase,
      publishableKey: checked.value.publishableKey,
      clientSecret: checked.value.clientSecret,
      clock: this.#clock,
    });
    this.#seed();
    // Not from here (willUpdate): a seeded session is rendered first, and only then polled.
    this.#startPolling = true;
  }

  /** Shows the `session` property at once, when it belongs to the configured session. */
  #seed(): void {
    if (!this.#credentials || this.session === undefined || this.session === null) return;
    const parsed = sessionInputSchema.safeParse(this.session);
    if (!parsed.success || parsed.data.session_id !== this.#credentials.sessionId) return;
    this.#send({ type: 'session-seeded', session: fromSessionInput(parsed.data) });
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

  async #poll(signal: AbortSignal): Promise<PollOutcome> {
    const client = this.#client;
    const credentials = this.#credentials;
    if (!client || !credentials) return { ok: false, retry: false, retryAfterMs: null };
    const seq = ++this.#seq;
    try {
      const { data } = await client.getSession(credentials.sessionId, signal);
      if (signal.aborted) return { ok: false, retry: false, retryAfterMs: null };
      this.#send({ type: 'session-fetched', session: fromStatusView(data), seq });
      this.#ensureQuote();
      return { ok: true };
    } catch (cause) {
      if (signal.aborted) return { ok: false, retry: false, retryAfterMs: null };
      const error = cause instanceof ApiError ? cause : null;
      const reported = error?.error ?? widgetError('NETWORK_ERROR');
      this.#send({ type: 'failed', error: reported });
      return { ok: false, retry: reported.recoverable, retryAfterMs: error?.retryAfterMs ?? null };
    }
  }

  /** A session without a usable price (the spec's bare status shape) gets a fresh quote. */
  #ensureQuote(): void {
    const session = this.machine.session;
    if (this.machine.status !== 'pending' || !session) return;
    if (session.quote.exchangeRate === null || session.quote.expiresAt === null) void this.#refreshQuote();
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
    const abort = new AbortController();
    this.#quoteAbort = abort;
    try {
      const request = { fiat_amount: fiatAmount, fiat_currency: fiatCurrency, crypto_currency: cryptoCurrency, ...(network ? { network } : {}) };
      const { data } = await client.createQuote(request, abort.signal);
      if (abort.signal.aborted) return;
      this.#quoteFailures = 0;
      this.#send({ type: 'quote-refreshed', quote: fromQuote(data) });
    } catch (cause) {
      if (abort.signal.aborted) return;
      const error = cause instanceof ApiError ? cause : null;
      const reported = error?.error.recoverable === false ? error.error : widgetError('QUOTE_REFRESH_FAILED', error?.error.requestId ? { requestId: error.error.requestId } : {});
      this.#quoteFailures += 1;
      this.#quoteRetryAt = this.#clock.now() + backoffDelay(this.#quoteFailures, error?.retryAfterMs ?? null);
      this.#send({ type: 'failed', error: reported });
    } finally {
      if (this.#quoteAbort === abort) this.#quoteAbort = null;
    }
  }

  #onPay(): void {
    const session = this.machine.session;
    if (!session || !this.#credentials) return;
    if (!session.redirectUrl) {
      this.#send({ type: 'failed', error: widgetError('INVALID_CONFIGURATION', { detail: 'the session has no checkout link' }) });
      return;
    }
    const checked = checkRedirectUrl(session.redirectUrl, this.checkoutOrigin);
    if (!checked.ok) {
      this.#send({ type: 'failed', error: checked.error });
      return;
    }
    const mode: CheckoutMode = this.mode === 'popup' || this.mode === 'redirect' ? this.mode : 'embedded';
    this.#checkout.open(checked.value, session.sessionId, mode);
  }

  /**
   * Sends the page to the hosted checkout (`redirect` mode, and the last fallback when a popup is
   * blocked and `onramp-fallback` was not cancelled). A seam for tests: `Location` cannot be stubbed.
   */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  #fallback(reason: FallbackReason, url: string): boolean {
    return this.dispatchEvent(new OnrampFallbackEvent(reason, url));
  }

  #dispatch(notification: Notification): void {
    const session = this.machine.session;
    switch (notification.type) {
      case 'ready':
        if (session) this.dispatchEvent(new OnrampReadyEvent(session));
        return;
      case 'status-change':
        this.dispatchEvent(new OnrampStatusChangeEvent({ status: notification.status, previousStatus: notification.previousStatus, session }));
        return;
      case 'completed':
        if (session) this.dispatchEvent(new OnrampCompletedEvent(session));
        return;
      case 'failed':
        if (session) this.dispatchEvent(new OnrampFailedEvent(session));
        return;
      case 'expired':
        if (session) this.dispatchEvent(new OnrampExpiredEvent(session));
        return;
      case 'quote-expired':
        this.dispatchEvent(new OnrampQuoteExpiredEvent(session));
        return;
      case 'quote-refreshed':
        this.dispatchEvent(new OnrampQuoteRefreshedEvent(notification.quote));
        return;
      case 'error': {
        const { code, message, recoverable, requestId } = notification.error;
        this.dispatchEvent(new OnrampErrorEvent({ code, message, recoverable, ...(requestId ? { requestId } : {}) }));
        return;
      }
    }
  }

  get #locale(): string | undefined {
    return this.locale || undefined;
  }

  protected override render(): TemplateResult {
    const { status, session, error } = this.machine;
    const title = session?.cryptoCurrency ? `Buy ${session.cryptoCurrency}` : 'Buy crypto';
    const test = this.#credentials?.environment === 'test' || /_test_/.test(this.publishableKey);
    return html`
      <div part="base" class="base">
        <header part="header">
          <h2>${title}</h2>
          ${test ? html`<span part="test-badge" class="badge">Test mode</span>` : nothing}
        </header>
        <p part="status" class="status" role="status" aria-live="polite">${STATUS_TEXT[status]}</p>
        ${error ? this.#renderError(error) : nothing}
        ${status === 'loading' && !session ? html`<div class="skeleton" aria-hidden="true"></div>` : nothing}
        ${session && (status === 'pending' || status === 'processing') ? this.#renderOrder(session) : nothing}
        ${session && (status === 'completed' || status === 'failed' || status === 'expired') ? this.#renderResult(session, status) : nothing}
      </div>
    `;
  }

  #renderError(error: WidgetError): TemplateResult {
    return html`<div part="error" class="error" role="alert">
      ${error.message} ${error.requestId ? html`<small>Reference: ${error.requestId}</small>` : nothing}
    </div>`;
  }

  #renderOrder(session: SessionView): TemplateResult {
    const locale = this.#locale;
    const { quote, fiatCurrency, cryptoCurrency } = session;
    const fiat = (minor: number) => (fiatCurrency ? formatFiat(minor, fiatCurrency, locale) : '…');
    const fees = quote.fees;
    return html`
      <section part="quote" class="quote" aria-label="Order summary">
        <div part="crypto-amount" class="receive">
          <span>${session.status === 'processing' ? 'You will receive' : 'You receive (estimated)'}</span>
          <strong>≈ ${formatCrypto(quote.cryptoAmount, cryptoCurrency, locale)}</strong>
        </div>
        <dl>
          ${session.fiatAmount !== null ? html`<div><dt>You pay</dt><dd>${fiat(session.fiatAmount)}</dd></div>` : nothing}
          <div part="rate">
            <dt>Rate</dt>
            <dd>${quote.exchangeRate !== null && cryptoCurrency && fiatCurrency ? formatRate(quote.exchangeRate, cryptoCurrency, fiatCurrency, locale) : '…'}</dd>
          </div>
          ${session.network ? html`<div><dt>Network</dt><dd>${NETWORK_NAMES[session.network]}</dd></div>` : nothing}
          ${session.walletAddress
            ? html`<div><dt>To wallet</dt><dd class="mono" title=${session.walletAddress} aria-label=${session.walletAddress}>${shortenAddress(session.walletAddress)}</dd></div>`
            : nothing}
        </dl>
        ${fees
          ? html`<dl part="fees" class="fees" aria-label="Fees">
              <div><dt>Platform fee</dt><dd>${fiat(fees.platform)}</dd></div>
              <div><dt>Network fee</dt><dd>${fiat(fees.network)}</dd></div>
              <div><dt>Processing fee</dt><dd>${fiat(fees.processing)}</dd></div>
              <div class="total"><dt>Total fees</dt><dd>${fiat(fees.total)}</dd></div>
            </dl>`
          : nothing}
        ${session.status === 'pending' ? this.#renderQuoteCountdown(session) : nothing}
      </section>
      ${this.#renderSessionCountdown(session)}
      ${this.#renderPayment(session)}
    `;
  }

  #renderQuoteCountdown(session: SessionView): TemplateResult {
    const notice = this.machine.quoteNotice;
    const expiresAt = session.quote.expiresAt;
    if (notice === 'refreshing' || expiresAt === null) {
      return html`<p part="quote-countdown" class="countdown expired" role="timer">Price expired. Getting a new quote…</p>`;
    }
    const left = this.#countdown.remaining(expiresAt);
    const prefix = notice === 'refreshed' ? html`<span class="notice">Price updated.</span> ` : nothing;
    return html`<p part="quote-countdown" class="countdown" role="timer">${prefix}Price valid for <time>${formatCountdown(left)}</time></p>`;
  }

  #renderSessionCountdown(session: SessionView): TemplateResult | typeof nothing {
    if (session.expiresAt === null) return nothing;
    const left = this.#countdown.remaining(session.expiresAt);
    if (session.status !== 'pending') return nothing;
    return left > 0
      ? html`<p part="session-countdown" class="countdown" role="timer">Session expires in <time>${formatCountdown(left)}</time></p>`
      : html`<p part="session-countdown" class="countdown expired" role="timer">Session expired</p>`;
  }

  #renderPayment(session: SessionView): TemplateResult | typeof nothing {
    const surface = this.machine.surface;
    const url = this.#checkout.url;
    if (session.status !== 'pending' && surface !== 'frame') return nothing;
    if (surface === 'frame' && url) {
      return html`<iframe
        part="checkout-frame"
        src=${url}
        title="Secure payment"
        height=${this.frameHeight}
        allow="payment"
        referrerpolicy="no-referrer"
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        @load=${() => this.#checkout.frameLoaded()}
      ></iframe>`;
    }
    if (surface === 'popup') {
      return html`<p class="status">Complete your payment in the secure window that opened.</p>
        <button part="pay-button" type="button" @click=${this.#onPay}>Reopen payment window</button>`;
    }
    if (surface === 'link' && url) {
      return html`<p class="status">The payment page could not open here.</p>
        <a part="fallback-link" class="link-button" href=${url} target="_blank" rel="noopener">Open the secure payment page</a>`;
    }
    const amount = session.fiatAmount !== null && session.fiatCurrency ? ` ${formatFiat(session.fiatAmount, session.fiatCurrency, this.#locale)}` : '';
    const expired = session.expiresAt !== null && this.#countdown.remaining(session.expiresAt) === 0;
    return html`<button part="pay-button" type="button" ?disabled=${expired} @click=${this.#onPay}>Pay${amount}</button>`;
  }

  #renderResult(session: SessionView, status: 'completed' | 'failed' | 'expired'): TemplateResult {
    const locale = this.#locale;
    if (status === 'completed') {
      const environment = this.#credentials?.environment ?? 'live';
      const link = session.txHash && session.network ? explorerTxUrl(session.network, environment, session.txHash) : null;
      return html`<section part="result" class="final completed">
        <h3>Purchase complete</h3>
        <p>
          <strong>${formatCrypto(session.quote.cryptoAmount, session.cryptoCurrency, locale)}</strong>
          ${session.network ? ` delivered on ${NETWORK_NAMES[session.network]}` : ' delivered'}
          ${session.walletAddress ? html` to <span class="mono" title=${session.walletAddress}>${shortenAddress(session.walletAddress)}</span>` : nothing}.
        </p>
        ${link && session.txHash
          ? html`<a part="tx-link" href=${link} target="_blank" rel="noopener noreferrer">View transaction <span class="mono">${shortenAddress(session.txHash)}</span></a>`
          : nothing}
      </section>`;
    }
    if (status === 'failed') {
      return html`<section part="result" class="final failed">
        <h3>Payment failed</h3>
        <p>Your payment did not go through and no crypto was sent. Any amount held on your card is released by your bank.</p>
        <p>Go back to the merchant to start a new purchase, and try another card.</p>
      </section>`;
    }
    return html`<section part="result" class="final expired">
      <h3>This checkout expired</h3>
      <p>The session ended before a payment was made. Nothing was charged.</p>
      <p>Go back to the merchant to start a new purchase.</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'onramp-checkout': OnrampCheckout;
  }
}
