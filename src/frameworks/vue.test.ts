/**
 * `<onramp-checkout>` in a Vue 3 template, compiled as an SFC's would be: the tag declared a custom
 * element (`isCustomElement`), properties bound with `:prop`, the session object with `.session`,
 * events with `@onramp-…`.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createApp, nextTick, ref, shallowRef, type App } from 'vue';
import '../define.js';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import type {
  OnrampCompletedEvent,
  OnrampErrorEvent,
  OnrampReadyEvent,
  OnrampStatusChangeEvent,
} from '../components/onramp-checkout/onramp-checkout.events.js';
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

const TEMPLATE = `<onramp-checkout
  v-if="shown"
  :key="key"
  :publishableKey="publishableKey"
  :clientSecret="clientSecret"
  :apiBase="apiBase"
  :checkoutOrigin="checkoutOrigin"
  locale="en-US"
  mode="popup"
  .session="session"
  @onramp-ready="onReady"
  @onramp-status-change="onStatusChange"
  @onramp-completed="onCompleted"
  @onramp-error="onError"
/>`;

describe('<onramp-checkout> in Vue 3', () => {
  let api: FakeOnrampApi;
  let clock: sinon.SinonFakeTimers;
  let container: HTMLElement;
  let app: App | null;
  let lines: string[];
  let warnings: string[];
  const shown = ref(true);
  const key = ref(0);
  const publishableKey = ref(PK);

  /** Mounts the template; the session goes in a shallow ref, so the element gets the object itself, not a reactive proxy. */
  async function mount(session: object): Promise<void> {
    app = createApp({
      template: TEMPLATE,
      setup: () => ({
        shown,
        key,
        publishableKey,
        clientSecret: SECRET,
        apiBase: API,
        checkoutOrigin: CHECKOUT,
        session: shallowRef(session),
        onReady: (event: OnrampReadyEvent) => lines.push(`ready ${event.detail.session.sessionId}`),
        onStatusChange: (event: OnrampStatusChangeEvent) =>
          lines.push(`status ${event.detail.previousStatus} → ${event.detail.status}`),
        onCompleted: (event: OnrampCompletedEvent) => lines.push(`completed ${event.detail.session.txHash}`),
        onError: (event: OnrampErrorEvent) =>
          lines.push(`error ${event.detail.code} recoverable=${event.detail.recoverable}`),
      }),
    });
    app.config.compilerOptions.isCustomElement = (tag) => tag === 'onramp-checkout';
    app.config.warnHandler = (message) => void warnings.push(message);
    app.mount(container);
    await settle();
  }

  async function update(): Promise<void> {
    await nextTick();
    await settle();
  }

  function unmount(): void {
    app?.unmount();
    app = null;
  }

  const element = () => container.querySelector<OnrampCheckout>('onramp-checkout');
  const part = (name: string) => element()?.shadowRoot?.querySelector(`[part~="${name}"]`) ?? null;

  beforeEach(() => {
    api = new FakeOnrampApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED_TIMERS });
    lines = [];
    warnings = [];
    shown.value = true;
    key.value = 0;
    publishableKey.value = PK;
    container = document.createElement('div');
    document.body.append(container);
    app = null;
  });

  afterEach(() => {
    unmount();
    container.remove();
    clock.restore();
    sinon.restore();
    expect(warnings, 'Vue warnings').to.deep.equal([]);
  });

  it('sets the properties and the session object: the order is on screen before the first request', async () => {
    let orderShownAtFirstRequest: boolean | null = null;
    api.onRequest = () => {
      orderShownAtFirstRequest ??= part('crypto-amount') !== null;
    };
    const session = createdSession();
    await mount(session);

    const el = element()!;
    expect(el.session, 'the same object, not a proxy nor a string').to.equal(session);
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

  it('calls the @onramp-… handlers with each event and its typed detail', async () => {
    await mount(createdSession());
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

  it('passes a changed binding: a secret key is refused before any request', async () => {
    await mount(createdSession());
    const requests = api.statusRequests.length;
    lines = [];
    publishableKey.value = SECRET_KEY;
    await update();
    expect(element()!.publishableKey).to.equal(SECRET_KEY);
    expect(lines).to.deep.equal(['error SECRET_KEY_REFUSED recoverable=false', 'status loading → error']);
    await advance(clock, 10_000);
    expect(api.statusRequests).to.have.length(requests);
  });

  it('rapid v-if, key and app mount/unmount cycles leave exactly one poller', async () => {
    api.latencyMs = 200;
    for (let cycle = 0; cycle < 5; cycle += 1) {
      await mount(createdSession());
      key.value += 1; // a new key: Vue replaces the element
      await update();
      shown.value = false;
      await update();
      shown.value = true;
      await update();
      unmount();
    }
    const firstLive = api.statusRequests.length;
    await mount(createdSession());
    expect(container.querySelectorAll('onramp-checkout')).to.have.length(1);
    expect(element()!.status).to.equal('pending');
    await expectOnePoller(api, clock, firstLive);
  });
});
