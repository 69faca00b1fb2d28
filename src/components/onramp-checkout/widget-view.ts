/**
 * The whole widget as a function of its state: the card (title and test badge, status line, polite
 * live region, error notice) around the screen of the moment: a skeleton while loading, the order
 * with its payment area while the session is active, the result once it is final. The result and
 * the live region's words come with the `later` part, loaded after the first paint.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { isActive } from '../../core/flow-machine.js';
import { errorView } from './error-view.js';
import { summaryView } from './summary-view.js';
import { paymentView } from './payment-view.js';
import { say, type WidgetViewInput } from './view-pieces.js';

/** The screen under the status line, for a session shown. */
function screen(input: WidgetViewInput): unknown {
  const { status, session } = input.state;
  return !session || status === 'error'
    ? nothing
    : isActive(status)
      ? summaryView(input, session, paymentView(input, session))
      : (input.later?.resultView(input, session) ?? nothing);
}

export function widgetView(input: WidgetViewInput): TemplateResult {
  const { state, testMode, text } = input;
  const { status, session, error } = state;
  return html`<div part="base" class="base" lang=${text.language} dir=${text.dir}>
    <header part="header">
      <h2 tabindex="-1">${say(text, 'title', { asset: session?.cryptoCurrency ?? text.messages.crypto })}</h2>
      ${testMode ? html`<span part="test-badge" class="badge">${say(text, 'testMode')}</span>` : nothing}
    </header>
    <p part="status" class="status" role="status">${say(text, `status.${state.stranded && !session ? 'error' : status}`)}</p>
    <p part="announcer" class="sr" aria-live="polite">${input.later?.announcement(input) ?? ''}</p>
    ${error ? errorView(error, input) : nothing}
    ${!session ? (status === 'loading' && !state.stranded ? html`<div class="skeleton" aria-hidden="true"></div>` : nothing) : screen(input)}
  </div>`;
}
