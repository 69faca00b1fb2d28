/** What the polite live region says (part of the `screens` part, loaded after the first paint). */
import { formatCrypto, formatMinutesFromNow } from '../../format/format.js';
import { remaining, say, type WidgetViewInput } from '../../components/onramp-checkout/view-pieces.js';

/**
 * What the polite live region says: only what changes the buyer's plans, once each (a phase, not
 * a ticking number): the last minute of the session or the price, the price expiring and updated,
 * a worse price to accept (Pay gave way to it) and a better one that replaced the accepted price.
 */
export function announcement({
  state: { status, session, quoteNotice, price },
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
        : price?.verdict === 'worse'
          ? say(text, 'priceChanged')
          : price?.verdict === 'better'
            ? say(text, 'priceBetter', { amount: formatCrypto(price.shown, session.cryptoCurrency, text.locale) })
            : quoteNotice === 'refreshed'
              ? say(text, 'priceUpdated')
              : '';
}
