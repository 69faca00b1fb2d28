'use client';
import { OnrampCheckout } from 'onramp-checkout/react';
import { useState } from 'react';
import type { CreatedSession } from '../onramp';

interface Props {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: CreatedSession;
}

/** The `@lit/react` wrapper: it sets properties and listeners in the browser, after hydration too. */
export function CheckoutWrapper({ publishableKey, apiBase, checkoutOrigin, session }: Props) {
  const [status, setStatus] = useState('');
  return (
    <>
      <OnrampCheckout
        publishableKey={publishableKey}
        clientSecret={session.client_secret}
        apiBase={apiBase}
        checkoutOrigin={checkoutOrigin}
        session={session}
        onOnrampStatusChange={(event) => setStatus(event.detail.status)}
      />
      <p data-testid="app-status">{status}</p>
    </>
  );
}
