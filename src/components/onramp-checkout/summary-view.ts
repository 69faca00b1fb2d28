/**
 * The order summary screen (pending and processing): what the buyer receives, the rate, the fees, the
 * countdowns, and below them the payment area (`payment-view.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { OnrampSession } from '../../core/session-model.js';
import { networkName } from '../../format/explorer.js';
import { formatCrypto, formatFiat, formatFiatDecimal, formatRate, shortenAddress } from '../../format/format.js';
import { figure, remaining, row, say, timer, type WidgetViewInput } from './view-pieces.js';

/** The quote's countdown line, after the `later` part's "Price updated." when it refreshed the price. */
function quoteCountdown(input: WidgetViewInput, expiresAt: number | null): TemplateResult {
  const {
    state: { quoteNotice },
    now,
    text,
  } = input;
  return timer(
    'quote-countdown',
    quoteNotice === 'refreshing' || expiresAt === null ? 0 : remaining(expiresAt, now),
    (time) => [input.later?.quoteNotice(input) ?? nothing, say(text, 'priceValid', { time })],
    text.messages.priceExpired,
    text.locale,
  );
}

/** The order summary and countdowns, then `payment` (the pay button, frame or fallback). */
export function summaryView(input: WidgetViewInput, session: OnrampSession, payment: unknown): TemplateResult {
  const { now, text } = input;
  const { locale, messages: t } = text;
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
      ${
        fees
          ? html`<dl part="fees" class="fees" aria-label=${t.fees}>
            ${row(t.platformFee, money(fees.platform))}${row(t.networkFee, money(fees.network))}${row(t.processingFee, money(fees.processing))}
            <div class="total"><dt>${t.totalFees}</dt><dd>${figure(money(fees.total))}</dd></div>
          </dl>`
          : nothing
      }
      ${pending ? quoteCountdown(input, quote.expiresAt) : nothing}
    </section>
    ${
      pending && session.expiresAt !== null
        ? timer(
            'session-countdown',
            remaining(session.expiresAt, now),
            (time) => say(text, 'sessionLeft', { time }),
            t.sessionExpired,
            locale,
          )
        : nothing
    }
    ${payment}`;
}
