/**
 * Opens the hosted checkout and listens to it. Embedded: an iframe that must post `ready` in time,
 * else the popup is tried (still inside the click's user activation, which Chromium keeps for 5 s);
 * a blocked popup leaves a visible link and, unless the merchant cancels `onramp-fallback`,
 * navigates the page. Messages count only from the checkout origin and from the window the widget
 * opened, and they only ask for an immediate poll: state comes from the API.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { checkoutMessageSchema } from '../contract/read/checkout-hints.js';
import { CHECKOUT_LOCALE_PARAM, EMBED_ORIGIN_PARAM } from '../contract/checkout-protocol.js';
import { Timer } from './timer.js';

export type OnrampCheckoutMode = 'embedded' | 'popup' | 'redirect';
export type OnrampFallbackReason = 'frame-timeout' | 'frame-refused' | 'popup-blocked';

export interface HostedCheckoutOptions {
  /** The iframe the host rendered for the `frame` surface, if any. */
  frame: () => HTMLIFrameElement | null;
  onSurface: (surface: 'frame' | 'popup' | 'link' | 'none') => void;
  /** Asks the merchant; `false` when the `onramp-fallback` event was cancelled. */
  onFallback: (reason: OnrampFallbackReason, url: string) => boolean;
  onHint: (type: 'ready' | 'submitted') => void;
  onResize: (height: number) => void;
  /** Ms the iframe has to post `ready` (below Chromium's 5 s user-activation window). */
  readyTimeoutMs?: number;
  /** Navigates the page (redirect mode, and the last fallback): the host's seam, stubbed in tests. */
  navigate: (url: string) => void;
}

export class HostedCheckoutController implements ReactiveController {
  readonly #options: HostedCheckoutOptions;
  /** The frame's time to post `ready`. */
  readonly #ready = new Timer();
  #url: URL | null = null;
  #sessionId = '';
  #popup: Window | null = null;
  #popupWatch: ReturnType<typeof setInterval> | undefined;
  #frameReady = false;
  #listening = false;

  constructor(host: ReactiveControllerHost, options: HostedCheckoutOptions) {
    this.#options = options;
    host.addController(this);
  }

  /**
   * Opens `url` for `sessionId` in the given mode. Call synchronously from the click handler, so a
   * popup is opened inside the user's gesture. The page gets the widget's `locale`, to speak the
   * buyer's language in every mode.
   */
  open(url: URL, sessionId: string, mode: OnrampCheckoutMode, locale: string): void {
    this.close();
    this.#sessionId = sessionId;
    const target = (this.#url = new URL(url));
    target.searchParams.set(CHECKOUT_LOCALE_PARAM, locale);
    if (mode === 'redirect') return this.#options.navigate(target.href);
    target.searchParams.set(EMBED_ORIGIN_PARAM, window.location.origin);
    this.#listen(true);
    if (mode === 'popup') return this.#openPopup();
    this.#frameReady = false;
    this.#options.onSurface('frame');
    this.#ready.start(() => this.#frameFailed('frame-timeout'), this.#options.readyTimeoutMs ?? 4000);
  }

  /** The URL the surfaces load (with `embed_origin`), for the host to render. */
  get url(): string | null {
    return this.#url?.href ?? null;
  }

  /** The host calls this from the iframe's `load` event: loaded without `ready` means refused. */
  frameLoaded(): void {
    // The page posts `ready` before its load event; allow the message a moment to arrive.
    if (!this.#frameReady && this.#ready.pending) this.#ready.start(() => this.#frameFailed('frame-refused'), 400);
  }

  /** Forgets the surface (the popup, if any, stays open: it shows the buyer their result). */
  close(): void {
    this.#ready.stop();
    clearInterval(this.#popupWatch);
    this.#popupWatch = undefined;
    this.#popup = null;
    this.#listen(false);
  }

  // No `hostConnected`: nothing to resume, a surface is opened only by a click.
  hostDisconnected(): void {
    this.close();
  }

  #frameFailed(reason: OnrampFallbackReason): void {
    const url = this.#url;
    if (this.#frameReady || !url) return;
    this.#options.onSurface('none');
    if (this.#options.onFallback(reason, url.href)) this.#openPopup();
    else this.#options.onSurface('link');
  }

  #openPopup(): void {
    const url = this.#url;
    if (!url) return;
    const { onSurface, onFallback, onHint } = this.#options;
    const popup = (this.#popup = window.open(url.href, 'onramp-checkout', 'popup,width=480,height=760'));
    if (!popup) {
      onSurface('link');
      if (onFallback('popup-blocked', url.href)) this.#options.navigate(url.href);
      return;
    }
    onSurface('popup');
    this.#popupWatch = setInterval(() => {
      if (!popup.closed) return;
      this.close();
      onSurface('none');
      onHint('submitted');
    }, 500);
  }

  readonly #onMessage = (event: Event): void => {
    const { origin, source, data } = event as MessageEvent<unknown>;
    if (origin !== this.#url?.origin) return;
    const expected = this.#popup ?? this.#options.frame()?.contentWindow;
    if (!expected || source !== expected) return;
    const parsed = checkoutMessageSchema.safeParse(data);
    if (!parsed.success || parsed.data.session_id !== this.#sessionId) return;
    const { type, height } = parsed.data;
    if (type === 'resize') {
      if (height !== undefined) this.#options.onResize(height);
      return;
    }
    if (type === 'ready' && !this.#popup) {
      this.#frameReady = true;
      this.#ready.stop();
    }
    this.#options.onHint(type);
  };

  /** Adds (`true`) or removes the `message` listener, once. */
  #listen(on: boolean): void {
    if (this.#listening === on) return;
    this.#listening = on;
    window[on ? 'addEventListener' : 'removeEventListener']('message', this.#onMessage);
  }
}
