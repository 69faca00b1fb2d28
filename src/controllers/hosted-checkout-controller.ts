/**
 * Opens the hosted checkout and listens to it. Embedded: an iframe that must post `ready` in time,
 * else the popup is tried (still inside the click's user activation, which Chromium keeps for 5 s);
 * a blocked popup leaves a visible link and, unless the merchant cancels `onramp-fallback`,
 * navigates the page. Messages count only from the checkout origin and from the window the widget
 * opened, and they only ask for an immediate poll: state comes from the API.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { EMBED_ORIGIN_PARAM, checkoutMessageSchema } from '../contract/schemas/checkout-message.js';

export type CheckoutMode = 'embedded' | 'popup' | 'redirect';
export type FallbackReason = 'frame-timeout' | 'frame-refused' | 'popup-blocked';

export interface HostedCheckoutOptions {
  /** The iframe the host rendered for the `frame` surface, if any. */
  frame: () => HTMLIFrameElement | null;
  onSurface: (surface: 'frame' | 'popup' | 'link' | 'none') => void;
  /** Asks the merchant; `false` when the `onramp-fallback` event was cancelled. */
  onFallback: (reason: FallbackReason, url: string) => boolean;
  onHint: (type: 'ready' | 'submitted') => void;
  onResize: (height: number) => void;
  /** Ms the iframe has to post `ready` (below Chromium's 5 s user-activation window). */
  readyTimeoutMs?: number;
  /** Navigates the page (redirect mode, and the last fallback); injectable for tests. */
  navigate?: (url: string) => void;
}

const assignLocation = (url: string): void => window.location.assign(url);

const POPUP_FEATURES = 'popup,width=480,height=760';
const POPUP_WATCH_MS = 500;

export class HostedCheckoutController implements ReactiveController {
  readonly #options: HostedCheckoutOptions;
  #url: URL | null = null;
  #sessionId = '';
  #popup: Window | null = null;
  #readyTimer: ReturnType<typeof setTimeout> | undefined;
  #popupWatch: ReturnType<typeof setInterval> | undefined;
  #frameReady = false;
  #listening = false;

  constructor(host: ReactiveControllerHost, options: HostedCheckoutOptions) {
    this.#options = options;
    host.addController(this);
  }

  /**
   * Opens `url` for `sessionId` in the given mode. Call synchronously from the click handler, so a
   * popup is opened inside the user's gesture.
   */
  open(url: URL, sessionId: string, mode: CheckoutMode): void {
    this.close();
    this.#sessionId = sessionId;
    this.#url = new URL(url);
    if (mode === 'redirect') {
      this.#navigate(this.#url.href);
      return;
    }
    this.#url.searchParams.set(EMBED_ORIGIN_PARAM, window.location.origin);
    this.#listen();
    if (mode === 'popup') {
      this.#openPopup();
      return;
    }
    this.#frameReady = false;
    this.#options.onSurface('frame');
    this.#readyTimer = setTimeout(() => this.#frameFailed('frame-timeout'), this.#options.readyTimeoutMs ?? 4000);
  }

  /** The URL the surfaces load (with `embed_origin`), for the host to render. */
  get url(): string | null {
    return this.#url?.href ?? null;
  }

  /** The host calls this from the iframe's `load` event: loaded without `ready` means refused. */
  frameLoaded(): void {
    if (this.#frameReady || this.#readyTimer === undefined) return;
    clearTimeout(this.#readyTimer);
    // The page posts `ready` before its load event; allow the message a moment to arrive.
    this.#readyTimer = setTimeout(() => this.#frameFailed('frame-refused'), 400);
  }

  /** Forgets the surface (the popup, if any, stays open: it shows the buyer their result). */
  close(): void {
    clearTimeout(this.#readyTimer);
    this.#readyTimer = undefined;
    clearInterval(this.#popupWatch);
    this.#popupWatch = undefined;
    this.#popup = null;
    this.#unlisten();
  }

  hostConnected(): void {
    // Nothing to resume: a surface is opened only by a click.
  }

  hostDisconnected(): void {
    this.close();
  }

  #frameFailed(reason: FallbackReason): void {
    this.#readyTimer = undefined;
    if (this.#frameReady || !this.#url) return;
    this.#options.onSurface('none');
    if (!this.#options.onFallback(reason, this.#url.href)) {
      this.#options.onSurface('link');
      return;
    }
    this.#openPopup();
  }

  #openPopup(): void {
    const url = this.#url;
    if (!url) return;
    const popup = window.open(url.href, 'onramp-checkout', POPUP_FEATURES);
    if (popup) {
      this.#popup = popup;
      this.#options.onSurface('popup');
      this.#popupWatch = setInterval(() => {
        if (this.#popup?.closed) {
          this.close();
          this.#options.onSurface('none');
          this.#options.onHint('submitted');
        }
      }, POPUP_WATCH_MS);
      return;
    }
    this.#options.onSurface('link');
    if (this.#options.onFallback('popup-blocked', url.href)) this.#navigate(url.href);
  }

  #navigate(url: string): void {
    (this.#options.navigate ?? assignLocation)(url);
  }

  readonly #onMessage = (event: MessageEvent): void => {
    if (!this.#url || event.origin !== this.#url.origin) return;
    const expected = this.#popup ?? this.#options.frame()?.contentWindow ?? null;
    if (!expected || event.source !== expected) return;
    const parsed = checkoutMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.session_id !== this.#sessionId) return;
    const message = parsed.data;
    if (message.type === 'resize') {
      if (message.height !== undefined) this.#options.onResize(message.height);
      return;
    }
    if (message.type === 'ready' && !this.#popup) {
      this.#frameReady = true;
      clearTimeout(this.#readyTimer);
      this.#readyTimer = undefined;
    }
    this.#options.onHint(message.type);
  };

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    window.addEventListener('message', this.#onMessage);
  }

  #unlisten(): void {
    if (!this.#listening) return;
    this.#listening = false;
    window.removeEventListener('message', this.#onMessage);
  }
}
