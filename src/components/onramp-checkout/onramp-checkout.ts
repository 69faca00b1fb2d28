import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ServerClock } from '../../api/server-clock.js';
import {
  initialState,
  isActive,
  isFinal,
  mustAccept,
  transition,
  type FlowInput,
  type FlowState,
  type OnrampStatus,
} from '../../core/flow-machine.js';
import { apiBaseFor, checkCredentials, checkoutOriginFor, checkoutProblem } from '../../core/config.js';
import { fromSessionInput } from '../../core/session-model.js';
import { sessionInputRead } from '../../contract/read/session.js';
import { widgetError, type OnrampError, type OnrampWarningCode } from '../../core/widget-error.js';
import type { ProblemValues } from '../../diagnostics/problems.js';
import { hydration } from '../../parts/parts.js';
import type { OnrampOrder } from '../../contract/order.js';
import { HostedCheckoutController, type OnrampCheckoutMode } from '../../controllers/hosted-checkout-controller.js';
import { LocaleController } from '../../controllers/locale-controller.js';
import { countdownTicks } from '../../controllers/countdown-controller.js';
import { formatCountdown } from '../../format/format.js';
import { SessionController } from '../../controllers/session-controller.js';
import { widgetView } from './widget-view.js';
import type { WidgetViewInput } from './view-pieces.js';
import { errorText } from './error-view.js';
import { noteEvent } from './notification-event.js';
import { ATTRIBUTE_ALIASES } from './attribute-aliases.js';
import { EventDelivery } from './event-delivery.js';
import { LaterPartLoader } from './later-part-loader.js';
import { drawsServerForm, FULL } from '../../hydration/full-build.js';
import { OnrampFallbackEvent } from './onramp-checkout.events.js';
import { fallbackLink, payLink } from './checkout-link.js';
import { planRead } from '../../controllers/poll-plan.js';
import { styles } from './onramp-checkout.styles.js';
import { adoptSessionDataBlock } from './session-data-block.js';

export type OnrampTheme = 'light' | 'dark' | 'auto';

declare const __ONRAMP_VERSION__: string | undefined;

/**
 * A fiat-to-crypto checkout. Give it a publishable key and a session's client secret: it shows the
 * quote with live countdowns, opens the hosted checkout to pay, and follows the session until it is
 * completed, failed or expired.
 *
 * @summary Embeddable onramp checkout.
 *
 * @event onramp-ready - The order is on screen for the first time. Detail: `{session}`.
 * @event onramp-status-change - The status changed. Detail: `{status, previousStatus, session}`.
 * @event onramp-quote-expired - The quoted price expired while pending; a new quote is being fetched. Detail: `{session}`.
 * @event onramp-quote-refreshed - A fresh quote is shown. Detail: `{quote}`.
 * @event onramp-price-change - The price (the crypto amount for the fiat amount) on screen changed, or the buyer accepted it. Detail: `{previous, current, accepted}`: decimal strings; `previous` is the price the buyer had accepted; `accepted` is false while Pay waits for "Accept new price" (worse than `previous` by more than `price-tolerance`).
 * @event onramp-completed - The crypto was delivered. Detail: `{session}`.
 * @event onramp-failed - Payment or delivery failed. Detail: `{session}`.
 * @event onramp-expired - The session expired; create a new one. Detail: `{session}`.
 * @event onramp-error - Something went wrong. Detail: `{code, message, requestId?, recoverable, cause, fix, values?}`: `message` for the buyer, in their language; `cause` and `fix` for the merchant (docs/troubleshooting.md lists every code).
 * @event onramp-warning - A problem of the page or the embed that the flow works around (the page's CSP refused the checkout frame, the checkout refused to be framed, the container is too narrow…). Detail: `{code, cause, fix, values?}`.
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
 * @csspart quote-notice - "Price updated." in the quote's countdown line, after the price was refreshed.
 * @csspart session-countdown - Time left on the session.
 * @csspart pay-button - The "Pay" button.
 * @csspart price-change - In Pay's place, a new price worse than the accepted one beyond `price-tolerance`: `previous-price` beside `new-price`.
 * @csspart previous-price - The price the buyer accepted before.
 * @csspart new-price - The new price.
 * @csspart accept-price-button - "Accept new price": Pay comes back at the new price.
 * @csspart checkout-frame - The iframe with the hosted checkout.
 * @csspart fallback-link - Link to the hosted checkout when it cannot be embedded or popped up, or when the API cannot be reached.
 * @csspart retry-button - "Try again", when the API cannot be reached and no link to the hosted checkout is known.
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

  /** This copy's version: two different copies on one page are reported (`DUPLICATE_DEFINITION`). */
  static readonly version: string = typeof __ONRAMP_VERSION__ == 'string' ? __ONRAMP_VERSION__ : 'source';

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

  /**
   * API base URL, ending before `/v1`; https, or http on localhost. Required (the package ships no address): only a
   * test key on a loopback page falls back to the local sandbox's, `http://127.0.0.1:8787`. Missing anywhere else:
   * `MISSING_API_BASE`, before any request.
   */
  apiBase = '';

  /** The only origin `redirect_url` may point at. Required like `api-base` (the local sandbox's is `:8788`). */
  checkoutOrigin = '';

  /**
   * The hosted checkout link of the session: `redirect_url` of the creation response, rendered by the merchant's server
   * beside the client secret. Needed with a server whose status answer has no `redirect_url` (the spec's shape has
   * none) unless the `session` property is given. Checked like any `redirect_url`: https (or http on localhost) on
   * exactly `checkout-origin`, else refused.
   */
  redirectUrl = '';

  /** How "Pay" opens the hosted checkout: in an iframe, a popup, or by navigating the page. */
  mode: OnrampCheckoutMode = 'embedded';

  /**
   * BCP 47 locale of the texts, numbers, currencies and dates (`de`, `pt-BR`, `es-MX`, `he`…); when unset, the buyer's
   * (`navigator.languages`). Negotiated against the 46 languages of `src/i18n/languages.ts` (`pt-BR` → Brazilian
   * Portuguese, `zh-TW` → Traditional Chinese, `es-MX` → Latin American Spanish), among the `locales` attribute's when
   * set, English last; right to left for Arabic, Hebrew, Persian and Urdu. Changing it re-renders in the new language.
   */
  locale = '';

  /** Colour scheme: `light`, `dark`, or `auto` (follows the system). */
  theme: OnrampTheme = 'light';

  /**
   * Optional session creation response (and the request's order fields): shown at once, no request. When unset, it is
   * read from a `<script type="application/json">` child (`{"session": …}`), as `onramp-checkout/ssr` writes it.
   */
  session: unknown = undefined;

  /** Amount first without `session-url`: `(order) => creation response` (or its promise), called by "Continue". */
  createSession: ((order: OnrampOrder) => unknown) | undefined;

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...ATTRIBUTE_ALIASES.keys()];
  }

  private machine: FlowState = initialState;
  private frameHeight = 560;
  readonly #clock = new ServerClock();
  /** Set by `#configure` with a seeded session: polling starts once it is on screen. */
  #startPolling = false;
  /** The credentials and API base `#configure` last ran for. */
  #configuredFor = '';
  /** Whether focus was inside the widget before this update (see `updated`). */
  #hadFocus = false;

  // Removed and re-added (as frameworks do), the controllers resume by themselves, nothing twice.
  readonly #session = new SessionController(this, {
    clock: this.#clock,
    next: (poll) => planRead(this.machine, poll, this.#clock, this.#later.part?.nextPoll),
    send: (event) => this.#send(event),
  });

  readonly #i18n = new LocaleController(this);
  readonly #ticks = countdownTicks(this, this.#clock);

  /** The `later` part, loaded after the first paint: the final screens, the quote, diagnostics. */
  readonly #later: LaterPartLoader = new LaterPartLoader(this, {
    hooks: () => ({
      clock: this.#clock,
      state: () => this.machine,
      send: (input) => this.#send(input),
      client: () => this.#session.client,
      warn: (code, values) => this.#warn(code, values),
    }),
    attached: (part) => {
      this.requestUpdate();
      this.#session.signsArrived(part.BuyerSigns); // the buyer's signs came with it
      // After the events of the next update: what was found at mount is in the test-mode report.
      void this.updateComplete.then(() => this.#events.after(() => this.#later.handle?.report()));
    },
    failed: ({ code, values }) =>
      // No client secret: amount first's form, nothing to show without its parts.
      this.clientSecret ? this.#warn(code, values) : this.#fail(widgetError(code, { values })),
  });

  readonly #events = new EventDelivery(this, this.#later, (note) =>
    noteEvent(note, this.machine.session, (error) => errorText(error, this.#i18n), this.#later.handle?.explain),
  );

  // Typed, not inferred: the options' callbacks refer back to `this`.
  readonly #checkout: HostedCheckoutController = new HostedCheckoutController(this, {
    frame: () => this.renderRoot.querySelector('iframe'),
    onSurface: (surface) =>
      this.#send(surface === 'none' ? { type: 'checkout-closed' } : { type: 'checkout-opened', surface }),
    onFallback: (reason, url) => this.dispatchEvent(new OnrampFallbackEvent(reason, url)),
    onHint: () => this.#session.pollNow(),
    onResize: (height) => void (this.frameHeight = Math.min(Math.max(height, 320), 1200)),
    navigate: (url) => this.navigate(url),
  });

  /** The widget's status, reflected as the read-only `status` attribute. */
  get status(): OnrampStatus {
    return this.machine.status;
  }

  /** The error shown now, if any. */
  get error(): OnrampError | null {
    return this.machine.error;
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(ATTRIBUTE_ALIASES.get(name) ?? name, old, value);
  }

  override connectedCallback(): void {
    // First: a server-written session and catalogue are in place before the controllers resolve the language.
    adoptSessionDataBlock(this);
    super.connectedCallback();
    // The status request leaves now, before the first render, when the credentials check and
    // `api-base` is set (a framework may set it just after connecting); else the first update configures.
    if (
      this.apiBase &&
      this.#configuredFor !== this.#config() &&
      checkCredentials(this.publishableKey, this.clientSecret).ok
    )
      this.#configure();
    if (FULL) hydration.connected?.(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#hadFocus = !!this.shadowRoot?.activeElement;
    if (changed.has('locale')) this.#i18n.sync();
    if (this.#configuredFor !== this.#config()) this.#configure();
    else if (changed.has('session')) this.#seed();
    if (FULL && this.#later.part && drawsServerForm(this)) void this.#later.load(); // before this render
  }

  /** What a new configuration depends on. */
  #config(): string {
    return `${this.publishableKey} ${this.clientSecret} ${this.apiBase}`;
  }

  protected override updated(): void {
    if (this.getAttribute('status') !== this.machine.status) this.setAttribute('status', this.machine.status);
    // The view changed under the buyer's focus (Pay became the frame, the frame the result): focus its replacement.
    if (this.#hadFocus && !this.shadowRoot?.activeElement) this.#later.part?.focusReplacement(this.renderRoot);
    this.#ticks(isActive(this.machine.status));
    this.#later.handle?.sync();
    if (this.#startPolling) {
      this.#startPolling = false;
      this.#session.start();
    }
    // The first paint is done: now what comes after it (the result, the announcements, diagnostics).
    void this.#later.load();
    this.#events.flush();
  }

  /** Reports a problem that does not stop the flow, once per code, after the next update. */
  #warn(code: OnrampWarningCode, values: ProblemValues): void {
    if (this.#events.warn({ type: 'warning', code, values })) this.requestUpdate();
  }

  /** The checkout origin this element uses now (`''`: none applies). */
  #checkoutOrigin(): string {
    return checkoutOriginFor(this.checkoutOrigin, this.publishableKey);
  }

  /** Validates the credentials and (re)starts from scratch: a new session, a new life. */
  #configure(): void {
    this.#configuredFor = this.#config();
    this.#startPolling = false;
    this.#checkout.close();
    this.#later.handle?.reset();
    this.#send({ type: 'reset' });
    const key = this.publishableKey;
    // Neither key nor secret yet: a framework sets them after the upgrade (React's hydration,
    // @lit/react); the diagnostics report it if they never come.
    if (!key && !this.clientSecret) return;
    // Amount first: the order form (a part of its own) until the merchant's server made a session.
    if (!this.clientSecret && (this.getAttribute('session-url') || this.createSession)) return;
    const refused =
      this.#session.configure(key, this.clientSecret, apiBaseFor(this.apiBase, key)) ??
      checkoutProblem(this.#checkoutOrigin(), this.redirectUrl);
    if (refused) return this.#fail(refused);
    this.#seed();
    // A seeded session is drawn first and polled after (from `updated`); else the request leaves now.
    if (this.machine.session) return void (this.#startPolling = true);
    this.#session.start();
    // While the answer travels: the page's first number format (about 100 ms on a slow phone).
    setTimeout(() => formatCountdown(0, this.#i18n.locale));
  }

  /** Shows the `session` property at once, when it belongs to the configured session. */
  #seed(): void {
    // A seed never replaces a session on screen (the machine's rule): no need to parse it then.
    if (this.machine.session) return;
    const parsed = sessionInputRead.safeParse(this.session);
    if (parsed.success && parsed.data.session_id === this.#session.credentials?.sessionId) {
      this.#send({ type: 'session-seeded', session: fromSessionInput(parsed.data) });
    }
  }

  #send(input: FlowInput): void {
    const { state: next, notifications } = transition(this.machine, input, this.#later.part?.judge(this));
    if (next === this.machine) return;
    const previous = this.machine;
    this.machine = next;
    // The checkout opened, or the status moved: the policy may want the next read sooner.
    if (next.surface !== previous.surface || next.status !== previous.status) this.#session.replan();
    this.#events.pending.push(...notifications);
    if (isFinal(next)) {
      this.#session.stop();
      this.#checkout.close();
    }
  }

  #fail(error: OnrampError): void {
    this.#send({ type: 'failed', error });
  }

  /** Pay, or with a worse price on screen, its "Accept new price" (never pays an unaccepted price). */
  readonly #onPay = (): void => {
    const session = this.machine.session;
    if (mustAccept(this.machine)) return this.#send({ type: 'accept-price' });
    if (!session || !this.#session.credentials) return;
    const checked = payLink(this.redirectUrl, session, this.#checkoutOrigin());
    if (!checked.ok) return this.#fail(checked.error);
    // In a native app's WebView (the later part found its bridge), the frame: the app opens what it cannot show.
    const asked = this.#later.handle?.bridged ? '' : this.mode;
    const mode: OnrampCheckoutMode = asked === 'popup' || asked === 'redirect' ? asked : 'embedded';
    this.#checkout.open(checked.value, session.sessionId, mode, this.#i18n.locale);
  };

  readonly #onFrameLoad = (): void => this.#checkout.frameLoaded();
  /**
   * Sends the page to the hosted checkout (`redirect` mode, and the last fallback when a popup is
   * blocked and `onramp-fallback` was not cancelled). A seam for tests: `Location` cannot be stubbed.
   * @internal
   */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  readonly #onRetry = (): void => this.#session.pollNow();

  protected override render(): unknown {
    const input: WidgetViewInput = {
      state: this.machine,
      // A regex test, not includes(): the script-tag file compresses 17–36 bytes smaller with it.
      // eslint-disable-next-line @typescript-eslint/prefer-includes -- bytes, see above
      testMode: /_test_/.test(this.publishableKey),
      environment: this.#session.credentials?.environment ?? 'live',
      now: this.#clock.now(),
      text: this.#i18n,
      checkoutUrl: this.#checkout.url,
      fallbackUrl: fallbackLink(this.machine, this.redirectUrl, this.#checkoutOrigin()),
      frameHeight: this.frameHeight,
      onPay: this.#onPay,
      onRetry: this.#onRetry,
      onFrameLoad: this.#onFrameLoad,
      later: this.#later.part,
    };
    return this.#later.handle?.form(input) ?? widgetView(input);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'onramp-checkout': OnrampCheckout;
  }
}
