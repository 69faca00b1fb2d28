/**
 * The payment area while the hosted checkout is open elsewhere (a popup) or could not open here (a
 * link), in the `later` part: it is there long before a frame could be refused.
 */
import { html, type TemplateResult } from 'lit';
import type { CheckoutSurface } from '../../core/flow-machine.js';
import type { WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

export function elsewhereView({ text, onPay }: WidgetViewInput, surface: CheckoutSurface, url: string): TemplateResult {
  const t = text.messages;
  return surface === 'popup'
    ? html`<p class="status">${t.payInPopup}</p>
        <button part="pay-button" type="button" @click=${onPay}>${t.reopenPopup}</button>`
    : html`<p class="status">${t.cannotEmbed}</p>
        <a part="fallback-link" class="link-button" href=${url} target="_blank" rel="noopener">${t.openPage}</a>`;
}
