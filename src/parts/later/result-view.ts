/** The final screens: completed (what was delivered, where, the transaction), failed, expired. */
import { html, nothing, type TemplateResult } from 'lit';
import type { OnrampSession } from '../../core/session-model.js';
import { explorerTxUrl, networkName } from '../../format/explorer.js';
import { formatCrypto, formatDateTime, shortenAddress } from '../../format/format.js';
import { figure, say, type WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

export function resultView({ environment, text }: WidgetViewInput, session: OnrampSession): TemplateResult {
  const { status, txHash, network, walletAddress: wallet, completedAt } = session;
  const { locale, messages: t } = text;
  // Focused when the view changes under the buyer's focus (see the element's `updated`).
  const heading = (value: string) => html`<h3 tabindex="-1">${value}</h3>`;
  if (status === 'completed') {
    const link = txHash && network ? explorerTxUrl(network, environment, txHash) : null;
    return html`<section part="result" class="final completed">
      ${heading(t['status.completed'])}
      <p>
        ${say(text, 'delivered', {
          amount: html`<strong>${figure(formatCrypto(session.quote.cryptoAmount, session.cryptoCurrency, locale))}</strong>`,
          network: network ? networkName(network) : '…',
          wallet: wallet ? html`<span class="mono" title=${wallet}>${shortenAddress(wallet)}</span>` : '…',
        })}
      </p>
      ${completedAt ? html`<p class="status">${say(text, 'deliveredAt', { date: formatDateTime(completedAt, locale) })}</p>` : nothing}
      ${
        link && txHash
          ? html`<a part="tx-link" href=${link} target="_blank" rel="noopener noreferrer">${say(text, 'viewTx', { hash: html`<span class="mono">${shortenAddress(txHash)}</span>` })}</a>`
          : nothing
      }
    </section>`;
  }
  const failed = status === 'failed';
  return html`<section part="result" class="final ${status}">
    ${heading(failed ? t.failedTitle : t.expiredTitle)}
    <p>${failed ? t.failedBody : t.expiredBody}</p>
    <p>${failed ? t.failedNext : t.expiredNext}</p>
  </section>`;
}
