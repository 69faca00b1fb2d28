/**
 * The price consent step (in the `later` part): in place of Pay, the new price beside the one the
 * buyer accepted, and "Accept new price", which brings Pay back at the new price. Shown only when
 * the new price is worse than the accepted one by more than `price-tolerance` (the machine decides).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { OnrampSession } from '../../core/session-model.js';
import { formatCrypto } from '../../format/format.js';
import { row, say, type WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

export function consentView(
  { state: { price }, text, onPay }: WidgetViewInput,
  session: OnrampSession,
): TemplateResult | typeof nothing {
  if (!price) return nothing;
  const { locale, messages: t } = text;
  const amount = (decimal: string) => `≈ ${formatCrypto(decimal, session.cryptoCurrency, locale)}`;
  // One group, named by its sentence; the button is the only control, so focus lands on it
  // (`focusReplacement`) when it takes Pay's place under the buyer's focus.
  return html`<section part="price-change" class="quote" role="group" aria-labelledby="price-change">
    <p id="price-change" class="notice">${say(text, 'priceChanged')}</p>
    <dl>
      ${row(t.pricePrevious, amount(price.accepted), 'previous-price')}
      ${row(t.priceNew, amount(price.shown), 'new-price')}
    </dl>
    <button part="accept-price-button" type="button" @click=${onPay}>${t.acceptPrice}</button>
  </section>`;
}
