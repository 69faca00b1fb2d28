/**
 * Type test, compiled by `npm run typecheck` and never run: `<onramp-checkout>` in React 19 JSX
 * accepts the element's properties and `on<event type>` listeners with each event's own detail,
 * and rejects what React would mishandle. Every `@ts-expect-error` must stay an error.
 */
import { useRef } from 'react';
import type {} from '../../src/frameworks/react-jsx.js';
import type {
  OnrampCheckout,
  OnrampErrorEvent,
  OnrampSession,
  OnrampErrorCode,
  OnrampStatus,
} from '../../src/index.js';

declare const session: { client_secret: string };

export function Accepted() {
  const ref = useRef<OnrampCheckout>(null);
  return (
    <onramp-checkout
      ref={ref}
      className="checkout"
      publishableKey="onramp_test_pk_x"
      clientSecret={session.client_secret}
      redirectUrl="https://checkout.example/pay/ors_x?t=y"
      apiBase="https://api.example"
      checkoutOrigin="https://checkout.example"
      mode="popup"
      theme="auto"
      locale="en-GB"
      session={session}
      ononramp-ready={(event) => {
        const shown: OnrampSession = event.detail.session;
        void shown;
      }}
      ononramp-status-change={(event) => {
        const status: OnrampStatus = event.detail.status;
        const previous: OnrampStatus = event.detail.previousStatus;
        void [status, previous];
      }}
      ononramp-completed={(event) => void event.detail.session.txHash}
      ononramp-error={(event) => {
        const code: OnrampErrorCode = event.detail.code;
        const recoverable: boolean = event.detail.recoverable;
        void [code, recoverable];
      }}
      ononramp-fallback={(event) => event.preventDefault()}
      ononramp-quote-refreshed={(event) => void event.detail.quote.exchangeRate}
      ononramp-failedCapture={(event) => void event.detail.session}
      onClick={(event) => void event.currentTarget.status}
    />
  );
}

export function Rejected() {
  return (
    <>
      {/* @ts-expect-error publishableKey is a string */}
      <onramp-checkout publishableKey={42} />
      {/* @ts-expect-error mode is embedded, popup or redirect */}
      <onramp-checkout mode="iframe" />
      {/* @ts-expect-error theme is light, dark or auto */}
      <onramp-checkout theme="blue" />
      {/* @ts-expect-error status is read-only: React would assign it and throw */}
      <onramp-checkout status="completed" />
      {/* @ts-expect-error the error event's detail has no session */}
      <onramp-checkout ononramp-error={(event) => void event.detail.session} />
      {/* @ts-expect-error an error handler is not a ready handler */}
      <onramp-checkout ononramp-ready={(event: OnrampErrorEvent) => void event.detail.code} />
      {/* @ts-expect-error the status-change detail has no code */}
      <onramp-checkout ononramp-status-change={(event) => void event.detail.code} />
      {/* @ts-expect-error camel-cased names are the wrapper's, not React 19's custom-element listeners */}
      <onramp-checkout onOnrampReady={() => {}} />
    </>
  );
}
