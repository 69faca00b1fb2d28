/**
 * The `later` part (`dist/cdn/onramp-checkout.later.js`, this folder): what the widget shows after
 * the first paint of the order, the final screens and the live region's announcements, with their
 * English texts, and what it does then (`later-controller.ts`). Loaded as soon as a session is on
 * screen, so it is there long before a price expires or a payment ends.
 *
 * @attr {string} locales - The languages the merchant offers (registry codes or bare languages, space- or comma-separated: `en de pt`); the buyer's language is negotiated among them, English last. All by default (an attribute only, read by the `later` part, which negotiates).
 * @attr {string} price-tolerance - Price consent (an attribute only, read by the `later` part, which judges prices): percent a new price (the crypto amount for the order's fiat amount) may be worse than the accepted one before Pay waits for "Accept new price"; default `0.5`.
 */
import { withScreenTexts } from '../../i18n/messages-screens.js';
import { hasScreenTexts, loadMessages, type ChosenLanguage } from '../../i18n/catalogue.js';
import { negotiate } from '../../i18n/negotiate.js';
import { english } from '../../i18n/messages.js';
import type { OnrampSession } from '../../core/session-model.js';
import { announcement as announce } from './announcement.js';
import { resultView as result } from './result-view.js';
import { elsewhereView as elsewhere } from './elsewhere-view.js';
import { consentView as consentScreen } from './consent-view.js';
import type { CheckoutSurface, FlowInput, FlowState, Transition } from '../../core/flow-machine.js';
import { laterTransition } from '../../core/price-consent.js';
import { handedOver } from './handed-over.js';
import { html, nothing, type TemplateResult } from 'lit';
import { say, type WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

const complete = (input: WidgetViewInput): WidgetViewInput => ({
  ...input,
  text: { ...input.text, messages: withScreenTexts(input.text.messages) },
});

export const announcement = (input: WidgetViewInput): ReturnType<typeof announce> => announce(complete(input));

export const elsewhereView = (
  input: WidgetViewInput,
  surface: CheckoutSurface,
  url: string,
): ReturnType<typeof elsewhere> => elsewhere(complete(input), surface, url);

export const consentView = (input: WidgetViewInput, session: OnrampSession): ReturnType<typeof consentScreen> =>
  consentScreen(complete(input), session);

/** "Price updated." after the quote's countdown, once this part's quote controller refreshed the price. */
export const quoteNotice = (input: WidgetViewInput): TemplateResult | typeof nothing =>
  input.state.quoteNotice === 'refreshed'
    ? html`<span part="quote-notice" class="notice">${say(complete(input).text, 'priceUpdated')}</span> `
    : nothing;

export const resultView = (input: WidgetViewInput, session: OnrampSession): ReturnType<typeof result> =>
  result(complete(input), session);

export { attachLater } from './later-controller.js';
/** Amount first: the `order` part, pinned here (the hydrate entry loads it before a server-drawn form renders). */
export { loadOrderPart } from '#load-order-part';

/** What this part adds to the machine (the quote's inputs, price consent), with the element's `price-tolerance` attribute. */
export const judge =
  (host: Element) =>
  (before: FlowState, result: Transition, input: FlowInput): Transition =>
    laterTransition(
      before,
      result,
      input,
      host.getAttribute('price-tolerance'),
      handedOver(host, result.state.session?.sessionId),
    );
export { duplicate } from '../../diagnostics/diagnostics.js';
export { focusReplacement } from './focus-replacement.js';
export { nextPoll } from '../../core/poll-policy.js';
export { BuyerSigns } from '../../controllers/buyer-signs.js';

/**
 * The language for the buyer's `tags` (most wanted first) among the merchant's `locales` (a space-
 * or comma-separated attribute; all when absent), its catalogue loaded and checked (the screens'
 * texts included); English texts in the buyer's formats when it could not be loaded.
 */
export const chooseLanguage = async (
  tags: readonly string[],
  locales: string | null,
): Promise<ChosenLanguage | null> => {
  const allowed = locales?.split(/[\s,]+/).filter(Boolean);
  const { entry, locale } = negotiate(tags, allowed?.length ? allowed : undefined);
  const messages = await loadMessages(entry.code);
  // A catalogue that did not load (or failed its hash or its schema): English texts, the buyer's own
  // formats, and no memory of it, so that the next element tries again.
  if (entry.code !== 'en' && (messages === english || !hasScreenTexts(messages)))
    return { locale, language: 'en', dir: 'ltr', messages: english };
  return { locale, language: entry.code, dir: entry.dir, messages };
};
