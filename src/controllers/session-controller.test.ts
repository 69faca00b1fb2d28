/**
 * The session controller on its own, with a fake host, a fake API on `window.fetch` and fake time:
 * what it asks the provider and what it hands the element, in order.
 */
import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import sinon from 'sinon';
import { loadPart } from '../parts/load-part.js';
import { recordHeadStart } from '../api/head-start.js';
import { ServerClock } from '../api/server-clock.js';
import { statusRequest } from '../api/status-request.js';
import type { FlowInput } from '../core/flow-machine.js';
import { sessionModel } from '../../test/support/session-model.js';
import {
  API,
  FAKED,
  FakeApi,
  PK_TEST,
  SECRET,
  SESSION_ID,
  T0,
  flush,
} from '../components/onramp-checkout/onramp-checkout.test-helpers.js';
import { QuoteRefresher } from '../parts/later/quote-refresher.js';
import { SessionController } from './session-controller.js';

// The buyer's signs, the polling policy and the quote refresher come with the `later` part, which the
// element loads after its first paint: here before the tests, as it is a moment into any page.
await loadPart('later');

type Sent = Parameters<ConstructorParameters<typeof SessionController>[1]['send']>[0];

/** A plain element standing in for the Lit host: it collects its controllers and connects them on demand. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  const host: ReactiveControllerHost & HTMLElement & { connect(): void; disconnect(): void } = Object.assign(
    document.createElement('div'),
    {
      addController: (controller: ReactiveController) => void controllers.push(controller),
      removeController: () => {},
      requestUpdate: () => {},
      updateComplete: Promise.resolve(true),
      connect: () => controllers.forEach((c) => c.hostConnected?.()),
      disconnect: () => controllers.forEach((c) => c.hostDisconnected?.()),
    },
  );
  document.body.append(host);
  return host;
}

describe('SessionController', () => {
  let clock: sinon.SinonFakeTimers;
  let api: FakeApi;
  let fetchStub: sinon.SinonStub;
  let host: ReturnType<typeof fakeHost>;
  let sent: Sent[];
  let session: SessionController;
  /** The controller's estimate of the server's time (its `quoteDue` asks in server time). */
  let serverClock: ServerClock;

  const types = () => sent.map((event) => (event.type === 'failed' ? `failed ${event.error.code}` : event.type));

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
    sinon.stub(Math, 'random').returns(0);
    api = new FakeApi();
    fetchStub = sinon.stub(window, 'fetch').callsFake(api.fetch);
    host = fakeHost();
    sent = [];
    serverClock = new ServerClock();
    session = new SessionController(host, {
      clock: serverClock,
      next: () => ({ kind: 'read', ms: 60_000 }),
      send: (event) => sent.push(event),
    });
    host.connect();
  });

  afterEach(() => {
    host.disconnect();
    host.remove();
    clock.restore();
    sinon.restore();
  });

  it('configure refuses a secret key, a malformed client secret, swapped credentials, no api-base or a plain-http one before any request', async () => {
    const refused = [
      session.configure('onramp_test_sk_abcdefghijklmnop1234', SECRET, API),
      session.configure(PK_TEST, 'not-a-client-secret', API),
      session.configure(SECRET, PK_TEST, API),
      session.configure(PK_TEST, SECRET, ''),
      session.configure(PK_TEST, SECRET, 'http://api.example.test'),
    ];
    expect(refused.map((error) => error?.code)).to.deep.equal([
      'SECRET_KEY_REFUSED',
      'INVALID_CLIENT_SECRET',
      'KEY_AND_SECRET_SWAPPED',
      'MISSING_API_BASE',
      'INVALID_API_BASE',
    ]);
    expect(refused[4]?.values).to.deep.equal({ apiBase: 'http://api.example.test' });
    expect(session.client).to.equal(null);
    session.start();
    await clock.tickAsync(120_000);
    expect(fetchStub.callCount).to.equal(0);
    expect(sent).to.deep.equal([]);
  });

  it('hands over each read as session-fetched numbered in request order, failures between them', async () => {
    expect(session.configure(PK_TEST, SECRET, API)).to.equal(null);
    api.nextGets.push(
      () => api.respond(200, { success: true, data: api.statusView() }),
      () => api.error(503, 'SERVICE_UNAVAILABLE'),
    );
    session.start();
    await clock.tickAsync(0);
    expect(api.gets).to.have.length(1);
    await clock.tickAsync(60_000); // the policy's wait: the 503
    await clock.tickAsync(1_000); // within its backoff (jitter 0: half of the first 1 s step): the next read
    await flush();
    expect(api.gets).to.have.length(3);
    expect(types()).to.deep.equal(['session-fetched', 'failed SERVER_ERROR', 'session-fetched']);
    const seqs = sent.flatMap((event) => (event.type === 'session-fetched' ? [event.seq] : []));
    expect(seqs).to.deep.equal([1, 3]);
  });

  it('a read cancelled by a new configuration hands nothing over', async () => {
    session.configure(PK_TEST, SECRET, API);
    api.nextGets.push(() => new Promise<Response>(() => {}));
    session.start();
    await clock.tickAsync(0);
    const first = api.gets[0]!;
    session.configure(PK_TEST, SECRET, API);
    expect(first.signal?.aborted).to.equal(true);
    await clock.tickAsync(120_000);
    expect(sent).to.deep.equal([]);
  });

  /** The quote refresher of the `later` part, on this controller's client. */
  function quoting() {
    session.configure(PK_TEST, SECRET, API);
    const { client } = session;
    if (!client) throw new Error('not configured');
    const quotes = new QuoteRefresher(serverClock, (event) => sent.push(event));
    return {
      due: (now: number) => quotes.due(now),
      refresh: (order = sessionModel('pending')) => quotes.refresh(client, order),
    };
  }

  it('a failed quote is reported, and the next waits its backoff and never less than Retry-After', async () => {
    const quotes = quoting();
    api.nextQuotes.push(() => api.error(429, 'RATE_LIMITED', { 'Retry-After': '20' }));
    const order = sessionModel('pending');
    await quotes.refresh(order);
    expect(api.posts).to.have.length(1);
    expect(api.posts[0]!.body).to.deep.equal({
      fiat_amount: 10000,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      network: 'ethereum',
    });
    expect(types()).to.deep.equal(['failed QUOTE_REFRESH_FAILED']);
    const failedAt = serverClock.now();
    expect(quotes.due(failedAt + 19_999)).to.equal(false);
    expect(quotes.due(failedAt + 20_000)).to.equal(true);

    await quotes.refresh(order);
    expect(types()).to.deep.equal(['failed QUOTE_REFRESH_FAILED', 'quote-refreshed']);
    const refreshed = sent[1] as Extract<FlowInput, { type: 'quote-refreshed' }>;
    expect(refreshed.quote.cryptoAmount).to.equal('0.031');
  });

  it('one quote at a time: a second refresh while one is in flight sends nothing', async () => {
    const quotes = quoting();
    let answer: (response: Response) => void = () => {};
    api.nextQuotes.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = quotes.refresh();
    await clock.tickAsync(0);
    expect(quotes.due(serverClock.now())).to.equal(false);
    await quotes.refresh();
    expect(api.posts).to.have.length(1);
    answer(api.respond(200, { success: true, data: api.quote() }));
    await first;
    expect(types()).to.deep.equal(['quote-refreshed']);
  });

  it('adopts the status request the script-tag file sent early, once; a later configuration sends its own', async () => {
    const { url, init } = statusRequest(API, PK_TEST, SECRET, SESSION_ID);
    const abort = new AbortController();
    recordHeadStart(host, {
      url,
      init,
      response: Promise.resolve(api.respond(200, { success: true, data: api.statusView() })),
      abort,
      sentAt: Date.now(),
    });
    session.configure(PK_TEST, SECRET, API);
    session.start();
    await clock.tickAsync(0);
    expect(fetchStub.callCount, 'the early answer is used').to.equal(0);
    expect(types()).to.deep.equal(['session-fetched']);
    expect(abort.signal.aborted).to.equal(false);

    session.configure(PK_TEST, SECRET, API);
    session.start();
    await clock.tickAsync(0);
    expect(fetchStub.callCount).to.equal(1);
    expect(types()).to.deep.equal(['session-fetched', 'session-fetched']);
  });
});
