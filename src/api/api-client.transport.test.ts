/**
 * ApiClient when the network fails it: timeouts (fake timers), a caller's abort, a failed fetch, and
 * being offline before or during a request.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient, ApiRequestError } from './api-client.js';
import { failure, newApiClient, PK, SECRET, SESSION_ID, type FetchStub } from './api-client.test-helpers.js';
import { ServerClock } from './server-clock.js';

describe('ApiClient', () => {
  let fetchStub: FetchStub;
  let serverClock: ServerClock;
  let client: ApiClient;

  beforeEach(() => {
    ({ fetchStub, serverClock, client } = newApiClient());
  });
  afterEach(() => sinon.restore());

  it('a request that never answers times out (fake timers)', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fetchStub.callsFake(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const timing = new ApiClient({
        apiBase: 'https://api.example.test',
        publishableKey: PK,
        clientSecret: SECRET,
        clock: serverClock,
        fetch: fetchStub,
        timeoutMs: 8000,
      });
      const pending = failure(timing.getSession(SESSION_ID));
      await clock.tickAsync(7999);
      expect(fetchStub.firstCall.args[1]!.signal?.aborted).to.equal(false);
      await clock.tickAsync(1);
      const error = await pending;
      expect(error.error.code).to.equal('TIMEOUT');
      expect(error.error.recoverable).to.equal(true);
      expect(clock.countTimers()).to.equal(0);
    } finally {
      clock.restore();
    }
  });

  it('the default timeout is 15 s', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fetchStub.callsFake(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const pending = failure(client.getSession(SESSION_ID));
      await clock.tickAsync(15_000);
      expect((await pending).error.code).to.equal('TIMEOUT');
    } finally {
      clock.restore();
    }
  });

  it('a caller abort rejects with the abort, not an ApiRequestError', async () => {
    fetchStub.callsFake(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = client.getSession(SESSION_ID, controller.signal).then(
      () => null,
      (error: unknown) => error,
    );
    controller.abort();
    const error = await pending;
    expect(error).not.to.be.instanceOf(ApiRequestError);
    expect((error as DOMException).name).to.equal('AbortError');
  });

  it('a network failure -> NETWORK_ERROR (recoverable)', async () => {
    fetchStub.rejects(new TypeError('Failed to fetch'));
    const error = await failure(client.getSession(SESSION_ID));
    expect(error.error.code).to.equal('NETWORK_ERROR');
    expect(error.error.recoverable).to.equal(true);
    expect(error.status).to.equal(null);
  });

  describe('offline', () => {
    afterEach(() => {
      delete (navigator as { onLine?: boolean }).onLine;
    });

    it('refuses to send while offline: OFFLINE, no fetch', async () => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      const error = await failure(client.getSession(SESSION_ID));
      expect(error.error.code).to.equal('OFFLINE');
      expect(error.error.recoverable).to.equal(true);
      expect(fetchStub.callCount).to.equal(0);
    });

    it('a failure while going offline -> OFFLINE', async () => {
      let online = true;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      fetchStub.callsFake(() => {
        online = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      });
      expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('OFFLINE');
    });
  });
});
