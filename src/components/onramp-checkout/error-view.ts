/**
 * The error notice: the message in the buyer's language and, when the server gave one, its request
 * id; and when the embedded flow cannot run, a way on: the hosted payment page, else "Try again".
 */
import { html, nothing, type TemplateResult } from 'lit';
import { errorMessage, type OnrampError } from '../../core/widget-error.js';
import { say, type ViewText, type WidgetViewInput } from './view-pieces.js';

/** An error's message in the buyer's language (the `onramp-error` event carries the same text). */
export const errorText = (error: OnrampError, text: ViewText): string => errorMessage(error, text.messages);

export function errorView(error: OnrampError, { text, fallbackUrl, state, onRetry }: WidgetViewInput): TemplateResult {
  const t = text.messages;
  return html`<div part="error" class="error" role="alert">
      ${errorText(error, text)} ${error.requestId ? html`<small>${say(text, 'reference', { id: error.requestId })}</small>` : nothing}
    </div>
    ${
      fallbackUrl
        ? html`<p class="status">${t.payElsewhere}</p>
          <a part="fallback-link" class="link-button" href=${fallbackUrl} target="_blank" rel="noopener">${t.openPage}</a>`
        : state.stranded && !state.session
          ? html`<button part="retry-button" type="button" @click=${onRetry}>${t.tryAgain}</button>`
          : nothing
    }`;
}
