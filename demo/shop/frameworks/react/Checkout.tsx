/**
 * The widget in React, two ways: the bare `<onramp-checkout>` (React 19 sets its properties and
 * listens to `on<event type>` props by itself) or the `@lit/react` wrapper of
 * `onramp-checkout/react` (`onOnramp…` props).
 */
import type {} from '../../../../src/frameworks/react-jsx.js';
import { OnrampCheckout } from '../../../../src/react.js';
import type { CheckoutConfig } from '../shared/session.js';

export type Binding = 'element' | 'wrapper';

interface CheckoutProps {
  binding: Binding;
  config: CheckoutConfig;
  onEvent: (event: Event) => void;
  onDelivered: (txHash: string | null) => void;
}

export function Checkout({ binding, config, onEvent, onDelivered }: CheckoutProps) {
  const { publishableKey, apiBase, checkoutOrigin, clientSecret, session, redirectUrl } = config;
  if (binding === 'wrapper') {
    return (
      <OnrampCheckout
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        apiBase={apiBase}
        checkoutOrigin={checkoutOrigin}
        session={session}
        redirectUrl={redirectUrl}
        onOnrampReady={onEvent}
        onOnrampStatusChange={onEvent}
        onOnrampQuoteExpired={onEvent}
        onOnrampQuoteRefreshed={onEvent}
        onOnrampCompleted={(event) => {
          onEvent(event);
          onDelivered(event.detail.session.txHash);
        }}
        onOnrampFailed={onEvent}
        onOnrampExpired={onEvent}
        onOnrampError={onEvent}
        onOnrampFallback={onEvent}
      />
    );
  }
  return (
    <onramp-checkout
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      apiBase={apiBase}
      checkoutOrigin={checkoutOrigin}
      session={session}
      redirectUrl={redirectUrl}
      ononramp-ready={onEvent}
      ononramp-status-change={onEvent}
      ononramp-quote-expired={onEvent}
      ononramp-quote-refreshed={onEvent}
      ononramp-completed={(event) => {
        onEvent(event);
        onDelivered(event.detail.session.txHash);
      }}
      ononramp-failed={onEvent}
      ononramp-expired={onEvent}
      ononramp-error={onEvent}
      ononramp-fallback={onEvent}
    />
  );
}
