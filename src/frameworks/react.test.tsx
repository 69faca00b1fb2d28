/**
 * `<onramp-checkout>` rendered by React 19 (react-dom, development build), two ways: the bare
 * element, which React 19 binds by itself, and the `@lit/react` wrapper of `onramp-checkout/react`.
 * The same checks run on both.
 */
import { expect } from '@open-wc/testing';
import { act, StrictMode, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import sinon from 'sinon';
import '../define.js';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import { OnrampCheckout as OnrampCheckoutReact } from '../react.js';
import type {} from './react-jsx.js';
import {
  API,
  CHECKOUT,
  createdSession,
  FakeOnrampApi,
  PK,
  SECRET,
  SECRET_KEY,
  SESSION_ID,
  T0,
  TX_HASH,
} from '../../test/support/fake-onramp-api.js';
import { expectOnePoller } from '../../test/support/one-poller.js';
import { advance, FAKED_TIMERS, settle } from '../../test/support/settle.js';
import { loadPart } from '../parts/load-part.js';

// What the element loads after its first paint (the polling policy, diagnostics…), here before the
// tests, as it is a moment into any page (onramp-checkout.later-part.test.ts covers the moment before).
await loadPart('later');

// Tells React that `act` is in use, so it flushes renders and effects inside it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface CheckoutProps {
  publishableKey: string;
  session: object;
  /** Gets one line per event, written from the handler's typed detail. */
  record: (line: string) => void;
}

const bindings: Record<string, (props: CheckoutProps) => ReactElement> = {
  'React 19, bare element': ({ publishableKey, session, record }) => (
    <onramp-checkout
      publishableKey={publishableKey}
      clientSecret={SECRET}
      apiBase={API}
      checkoutOrigin={CHECKOUT}
      locale="en-US"
      mode="popup"
      session={session}
      ononramp-ready={(event) => record(`ready ${event.detail.session.sessionId}`)}
      ononramp-status-change={(event) => record(`status ${event.detail.previousStatus} → ${event.detail.status}`)}
      ononramp-completed={(event) => record(`completed ${event.detail.session.txHash}`)}
      ononramp-error={(event) => record(`error ${event.detail.code} recoverable=${event.detail.recoverable}`)}
    />
  ),
  '@lit/react wrapper': ({ publishableKey, session, record }) => (
    <OnrampCheckoutReact
      publishableKey={publishableKey}
      clientSecret={SECRET}
      apiBase={API}
      checkoutOrigin={CHECKOUT}
      locale="en-US"
      mode="popup"
      session={session}
      onOnrampReady={(event) => record(`ready ${event.detail.session.sessionId}`)}
      onOnrampStatusChange={(event) => record(`status ${event.detail.previousStatus} → ${event.detail.status}`)}
      onOnrampCompleted={(event) => record(`completed ${event.detail.session.txHash}`)}
      onOnrampError={(event) => record(`error ${event.detail.code} recoverable=${event.detail.recoverable}`)}
    />
  ),
};

for (const [name, Checkout] of Object.entries(bindings)) {
  describe(`<onramp-checkout> in ${name}`, () => {
    let api: FakeOnrampApi;
    let clock: sinon.SinonFakeTimers;
    let container: HTMLElement;
    let root: Root;
    let lines: string[];
    const record = (line: string) => lines.push(line);

    async function render(element: ReactElement | null): Promise<void> {
      await act(async () => root.render(element));
      await settle();
    }

    const element = () => container.querySelector<OnrampCheckout>('onramp-checkout');
    const part = (name: string) => element()?.shadowRoot?.querySelector(`[part~="${name}"]`) ?? null;

    beforeEach(() => {
      api = new FakeOnrampApi();
      sinon.stub(window, 'fetch').callsFake(api.fetch);
      clock = sinon.useFakeTimers({ now: T0, toFake: FAKED_TIMERS });
      lines = [];
      container = document.createElement('div');
      document.body.append(container);
      root = createRoot(container);
    });

    afterEach(async () => {
      await act(async () => root.unmount());
      container.remove();
      clock.restore();
      sinon.restore();
    });

    it('sets the properties and the session object: the order is on screen before the first request', async () => {
      let orderShownAtFirstRequest: boolean | null = null;
      api.onRequest = () => {
        orderShownAtFirstRequest ??= part('crypto-amount') !== null;
      };
      const session = createdSession();
      await render(<Checkout publishableKey={PK} session={session} record={record} />);

      const el = element()!;
      expect(el.session, 'the same object, not a string').to.equal(session);
      expect([el.publishableKey, el.clientSecret, el.apiBase, el.checkoutOrigin, el.locale, el.mode]).to.deep.equal([
        PK,
        SECRET,
        API,
        CHECKOUT,
        'en-US',
        'popup',
      ]);
      expect(el.hasAttribute('session'), 'no attribute fallback').to.equal(false);
      expect(el.status).to.equal('pending');
      expect(part('crypto-amount')?.textContent).to.contain('0.02946 ETH');
      expect(orderShownAtFirstRequest).to.equal(true);
      expect(api.statusRequests).to.have.length(1);
    });

    it('calls the handlers with each event and its typed detail', async () => {
      await render(<Checkout publishableKey={PK} session={createdSession()} record={record} />);
      expect(lines).to.deep.equal([`ready ${SESSION_ID}`, 'status loading → pending']);

      api.status = 'processing';
      await advance(clock, 3000);
      api.status = 'completed';
      await advance(clock, 1000);
      expect(lines.slice(2)).to.deep.equal([
        'status pending → processing',
        'status processing → completed',
        `completed ${TX_HASH}`,
      ]);
    });

    it('passes changed props on a re-render: a secret key is refused before any request', async () => {
      await render(<Checkout publishableKey={PK} session={createdSession()} record={record} />);
      const requests = api.statusRequests.length;
      lines = [];
      await render(<Checkout publishableKey={SECRET_KEY} session={createdSession()} record={record} />);
      expect(element()!.publishableKey).to.equal(SECRET_KEY);
      expect(lines).to.deep.equal(['error SECRET_KEY_REFUSED recoverable=false', 'status loading → error']);
      await advance(clock, 10_000);
      expect(api.statusRequests).to.have.length(requests);
    });

    it('StrictMode double mount and rapid mount/unmount cycles leave exactly one poller', async () => {
      api.latencyMs = 200;
      const app = (key: number | null) => (
        <StrictMode>
          {key === null ? null : <Checkout key={key} publishableKey={PK} session={createdSession()} record={record} />}
        </StrictMode>
      );
      for (let cycle = 0; cycle < 5; cycle += 1) {
        await render(app(cycle));
        await render(app(cycle + 100)); // a new key: React replaces the element
        await render(app(null));
      }
      const firstLive = api.statusRequests.length;
      await render(app(1));
      expect(container.querySelectorAll('onramp-checkout')).to.have.length(1);
      expect(element()!.status).to.equal('pending');
      await expectOnePoller(api, clock, firstLive);
    });
  });
}

describe('the @lit/react wrapper', () => {
  it('forwards its ref to the element and its className to the class attribute', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    let ref: OnrampCheckout | null = null;
    await act(async () => root.render(<OnrampCheckoutReact ref={(el) => void (ref = el)} className="checkout" />));
    const el = container.querySelector('onramp-checkout');
    expect(ref).to.equal(el);
    expect(el?.getAttribute('class')).to.equal('checkout');
    await act(async () => root.unmount());
    container.remove();
  });
});
