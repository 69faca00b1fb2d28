/**
 * The payment area under the order: the "Pay" button, the hosted checkout's iframe while paying,
 * or what the buyer needs when it opened elsewhere (a popup) or could not open (a link); in place
 * of all of them, the new price to accept when it is worse than the accepted one.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { mustAccept } from '../../core/flow-machine.js';
import type { OnrampSession } from '../../core/session-model.js';
import { formatFiat } from '../../format/format.js';
import { figure, remaining, say, type WidgetViewInput } from './view-pieces.js';

export function paymentView(input: WidgetViewInput, session: OnrampSession): TemplateResult | typeof nothing {
  const {
    state: { surface },
    checkoutUrl: url,
    now,
    text,
    onPay,
  } = input;
  const t = text.messages;
  // A worse price on screen: "Accept new price" in place of Pay and of the checkout (`later` part).
  if (mustAccept(input.state) && session.status == 'pending')
    return input.later?.consentView(input, session) ?? nothing;
  if (surface === 'frame' && url) {
    return html`<iframe
      part="checkout-frame"
      src=${url}
      title=${t.frameTitle}
      height=${input.frameHeight}
      allow="payment"
      referrerpolicy="no-referrer"
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      @load=${input.onFrameLoad}
    ></iframe>`;
  }
  if (session.status !== 'pending') return nothing;
  // A popup open or refused: the `later` part's words for it; until it is here, the link alone.
  if (surface !== 'none' && url)
    return (
      input.later?.elsewhereView(input, surface, url) ??
      html`<a part="fallback-link" class="link-button" href=${url} target="_blank" rel="noopener">${t.openPage}</a>`
    );
  const { fiatAmount, fiatCurrency, expiresAt } = session;
  const amount = fiatAmount !== null && fiatCurrency ? figure(formatFiat(fiatAmount, fiatCurrency, text.locale)) : '';
  return html`<button part="pay-button" type="button" ?disabled=${expiresAt !== null && !remaining(expiresAt, now)} @click=${onPay}>
    ${amount ? say(text, 'pay', { amount }) : t.pay.replace(/\s*\{amount\}\s*/, '')}
  </button>`;
}
