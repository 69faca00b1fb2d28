/**
 * Small pieces every screen of the widget is drawn with, and the text a view is given. Pure: typed
 * values in, Lit templates out; the element decides what to show and when.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KeyEnvironment } from '../../contract/product.js';
import type { CheckoutSurface, FlowState } from '../../core/flow-machine.js';
import type { OnrampSession } from '../../core/session-model.js';
import { fill } from '../../i18n/catalogue.js';
import type { MessageKey, Messages } from '../../i18n/messages.js';
import { formatCountdown } from '../../format/format.js';

/**
 * The buyer's language: the catalogue to say things with, the locale to format figures in, and the
 * catalogue's language and direction for `lang` and `dir` (the element's `LocaleController`).
 */
export interface ViewText {
  messages: Messages;
  /** BCP 47 tag numbers, dates and currencies are formatted with. */
  locale: string;
  language: string;
  dir: 'ltr' | 'rtl';
}

/** Everything the widget is drawn from: its state, the time, the language, the hosted checkout. */
export interface WidgetViewInput {
  state: FlowState;
  /** Shows the "Test mode" badge. */
  testMode: boolean;
  /** Which block explorer a delivery links to. */
  environment: KeyEnvironment;
  /** Server time now, epoch ms: the countdowns' reference. */
  now: number;
  text: ViewText;
  /** The hosted checkout's address once opened, and its iframe's height. */
  checkoutUrl: string | null;
  /** The hosted checkout's link offered when the embedded flow cannot run (never stranded). */
  fallbackUrl: string | null;
  frameHeight: number;
  onPay: () => void;
  /** "Try again": read the session now. */
  onRetry: () => void;
  onFrameLoad: () => void;
  /**
   * The `later` part, once loaded (a server renderer has it at once): it draws the final screens,
   * the live region's words, price consent and the popup's notice. Without it, the views draw
   * what the first paint needs, and the status line says how a session ended.
   */
  later: LaterViews | undefined;
}

/** What the `later` part draws in the element's views (`LaterPart` in `parts/parts.ts` holds them). */
export interface LaterViews {
  /** The live region's words of the moment (the last minute of a price or the session, price changes). */
  announcement(input: WidgetViewInput): unknown;
  /** In the payment area: the checkout is open in a popup or another tab, or a popup was refused. */
  elsewhereView(input: WidgetViewInput, surface: CheckoutSurface, url: string): TemplateResult;
  /** In Pay's place: a new price worse than the accepted one, and "Accept new price". */
  consentView(input: WidgetViewInput, session: OnrampSession): TemplateResult | typeof nothing;
  /** After the quote's countdown, once the part refreshed the price: "Price updated." */
  quoteNotice(input: WidgetViewInput): TemplateResult | typeof nothing;
  /** The final screen (completed, failed, expired). */
  resultView(input: WidgetViewInput, session: OnrampSession): TemplateResult;
}

/** A message of the buyer's catalogue, `{placeholders}` filled (values may be templates). */
export const say = (text: ViewText, key: MessageKey, values: Record<string, unknown> = {}): unknown[] =>
  fill(text.messages[key], values);

/** Time left to a deadline at `now` (both epoch ms on the server's clock), never negative. */
export const remaining = (deadline: number, now: number): number => Math.max(0, deadline - now);

/**
 * A figure (an amount, a rate, an address) kept left to right inside right-to-left text, so that
 * `1 ETH = 3,150.42 US$` does not come out reordered in Arabic.
 */
export const figure = (value: unknown): TemplateResult => html`<bdi dir="ltr">${value}</bdi>`;

/** A row of a summary list. */
export const row = (label: string, value: unknown, part?: string): TemplateResult =>
  html`<div part=${part ?? nothing}><dt>${label}</dt><dd>${figure(value)}</dd></div>`;

/**
 * A countdown line: the label around mm:ss while time is left, else the expired text. `role=timer`
 * is not announced as it ticks; the live region says what matters.
 */
export const timer = (
  part: string,
  left: number,
  label: (time: TemplateResult) => unknown,
  expired: string,
  locale: string,
): TemplateResult =>
  html`<p part=${part} class="countdown ${left ? '' : 'expired'}" role="timer">${left ? label(html`<time>${formatCountdown(left, locale)}</time>`) : expired}</p>`;
