/**
 * Type test, compiled by `npm run typecheck` and never run: the `@lit/react` wrapper takes the
 * element's properties and `onOnramp…` event props typed with each event's detail, and its ref is
 * the element.
 */
import { useRef } from 'react';
import { OnrampCheckout, type OnrampCheckoutElement } from '../../src/react.js';
import type { OnrampReadyEvent, OnrampSession, OnrampErrorCode, OnrampStatus } from '../../src/index.js';

declare const session: { client_secret: string };

export function Accepted() {
  const ref = useRef<OnrampCheckoutElement>(null);
  return (
    <OnrampCheckout
      ref={ref}
      className="checkout"
      publishableKey="onramp_test_pk_x"
      clientSecret={session.client_secret}
      redirectUrl="https://checkout.example/pay/ors_x?t=y"
      apiBase="https://api.example"
      checkoutOrigin="https://checkout.example"
      mode="redirect"
      session={session}
      onOnrampReady={(event) => {
        const shown: OnrampSession = event.detail.session;
        void shown;
      }}
      onOnrampStatusChange={(event) => {
        const status: OnrampStatus = event.detail.status;
        void status;
      }}
      onOnrampError={(event) => {
        const code: OnrampErrorCode = event.detail.code;
        void code;
      }}
      onOnrampFallback={(event) => void event.detail.url}
      onOnrampQuoteRefreshed={(event) => void event.detail.quote.fees}
    />
  );
}

export function Rejected() {
  return (
    <>
      {/* @ts-expect-error clientSecret is a string */}
      <OnrampCheckout clientSecret={{}} />
      {/* @ts-expect-error mode is embedded, popup or redirect */}
      <OnrampCheckout mode="modal" />
      {/* @ts-expect-error status is read-only */}
      <OnrampCheckout status="pending" />
      {/* @ts-expect-error Lit's lifecycle is not a prop */}
      <OnrampCheckout requestUpdate={() => {}} />
      {/* @ts-expect-error the completed detail has no code */}
      <OnrampCheckout onOnrampCompleted={(event) => void event.detail.code} />
      {/* @ts-expect-error a ready handler is not an error handler */}
      <OnrampCheckout onOnrampError={(event: OnrampReadyEvent) => void event.detail.session} />
    </>
  );
}
