/**
 * The whole widget as a function of its state: the card (title and test badge, status line, polite
 * live region, error notice) around the screen of the moment: a skeleton while loading, the order
 * with its payment area while the session is active, the result once it is final.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { isActive } from '../../core/flow-machine.js';
import { formatMinutesFromNow } from '../../format/format.js';
import { errorView } from './error-view.js';
import { orderView } from './order-view.js';
import { paymentView } from './payment-view.js';
import { resultView } from './result-view.js';
import { remaining, say, type WidgetViewInput } from './view-pieces.js';

/**
 * What the polite live region says: only what changes the buyer's plans, once each (a phase, not
 * a ticking number): the last minute of the session or the price, the price expiring and updated.
 */
export function announcement({
  state: { status, session, quoteNotice },
  now,
  text,
}: WidgetViewInput): unknown[] | string {
  if (status !== 'pending' || !session) return '';
  const lastMinute = (deadline: number | null) => deadline !== null && remaining(deadline, now) <= 60_000;
  // Built only when said (renders run every second).
  const inAMinute = () => ({ when: formatMinutesFromNow(1, text.locale) });
  return lastMinute(session.expiresAt)
    ? // lastMinute() is true only for a deadline that is set.
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
      say(text, session.expiresAt! > now ? 'sessionEnding' : 'sessionExpired', inAMinute())
    : quoteNotice === 'refreshing'
      ? say(text, 'priceExpired')
      : lastMinute(session.quote.expiresAt)
        ? say(text, 'priceEnding', inAMinute())
        : quoteNotice === 'refreshed'
          ? say(text, 'priceUpdated')
          : '';
}

/** The screen under the status line, for a session shown. */
function screen(input: WidgetViewInput): unknown {
  const { status, session } = input.state;
  return !session || status === 'error'
    ? nothing
    : isActive(status)
      ? orderView(input, session, paymentView(input, session))
      : resultView(input, session);
}

export function widgetView(input: WidgetViewInput): TemplateResult {
  const { state, testMode, text } = input;
  const { status, session, error } = state;
  return html`<div part="base" class="base" lang=${text.language} dir=${text.dir}>
    <header part="header">
      <h2 tabindex="-1">${say(text, 'title', { asset: session?.cryptoCurrency ?? text.messages.crypto })}</h2>
      ${testMode ? html`<span part="test-badge" class="badge">${say(text, 'testMode')}</span>` : nothing}
    </header>
    <p part="status" class="status" role="status">${say(text, `status.${status}`)}</p>
    <p part="announcer" class="sr" aria-live="polite">${announcement(input)}</p>
    ${error ? errorView(error, text) : nothing}
    ${!session ? (status === 'loading' ? html`<div class="skeleton" aria-hidden="true"></div>` : nothing) : screen(input)}
  </div>`;
}

/** Focuses what took the place of the focused control: the frame, the result, the link, a button. */
export function focusReplacement(root: ParentNode): void {
  (['iframe', '.final h3', 'a[part=fallback-link]', 'button', 'h2'] as const)
    .map((selector) => root.querySelector<HTMLElement>(selector))
    .find(Boolean)
    ?.focus();
}
