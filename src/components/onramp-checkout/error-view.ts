/** The error notice: the message in the buyer's language and, when the server gave one, its request id. */
import { html, nothing, type TemplateResult } from 'lit';
import { errorMessage, type OnrampError } from '../../core/widget-error.js';
import { say, type ViewText } from './view-pieces.js';

/** An error's message in the buyer's language (the `onramp-error` event carries the same text). */
export const errorText = (error: OnrampError, text: ViewText): string => errorMessage(error, text.messages);

export function errorView(error: OnrampError, text: ViewText): TemplateResult {
  return html`<div part="error" class="error" role="alert">
    ${errorText(error, text)} ${error.requestId ? html`<small>${say(text, 'reference', { id: error.requestId })}</small>` : nothing}
  </div>`;
}
