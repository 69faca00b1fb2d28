/**
 * ApiClient adopting the status request the script-tag file sent before the element loaded: used
 * once when it is exactly its own and fresh, cancelled unread otherwise, timed from when it was sent.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import {
  failure,
  newApiClient,
  PK,
  respond,
  SECRET,
  SERVER,
  SESSION_ID,
  statusView,
  type FetchStub,
} from './api-client.test-helpers.js';
import { ServerClock } from './server-clock.js';
import { statusRequest } from './status-request.js';

describe('ApiClient', () => {
  let fetchStub: FetchStub;
  let serverClock: ServerClock;

  beforeEach(() => {
    ({ fetchStub, serverClock } = newApiClient());
  });
  afterEach(() => sinon.restore());

  describe("the script-tag file's head start", () => {
    const early = (apiBase: string, secret = SECRET) => {
      const { url, init } = statusRequest(apiBase, PK, secret, SESSION_ID);
      const abort = new AbortController();
      return {
        url,
        init,
        abort,
        sentAt: Date.now(),
        response: Promise.resolve(respond(200, { success: true, data: statusView })),
      };
    };
    /** A client of the test API handed `headStart` (other options as given). */
    const adopting = (headStart: ApiClientOptions['headStart'], options: Partial<ApiClientOptions> = {}) =>
      new ApiClient({
        apiBase: 'https://api.example.test/',
        publishableKey: PK,
        clientSecret: SECRET,
        clock: serverClock,
        fetch: fetchStub,
        headStart,
        ...options,
      });

    it('adopts the status request already sent when it is exactly its own: no second request', async () => {
      const start = early('https://api.example.test/');
      const client = adopting(start);
      fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
      expect((await client.getSession(SESSION_ID)).data.status).to.equal('pending');
      expect(fetchStub.callCount).to.equal(0);
      // Once only: the next poll is a request of its own.
      expect((await client.getSession(SESSION_ID)).data.status).to.equal('processing');
      expect(fetchStub.callCount).to.equal(1);
      expect(start.abort.signal.aborted).to.equal(false);
    });

    it('cancels, unread, a head start older than 3 s (a page that waited in a background tab): the answer shown is fresh', async () => {
      const start = { ...early('https://api.example.test/'), sentAt: Date.now() - 3_001 };
      const client = adopting(start);
      fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
      expect((await client.getSession(SESSION_ID)).data.status).to.equal('processing');
      expect(fetchStub.callCount).to.equal(1);
      expect(start.abort.signal.aborted).to.equal(true);
    });

    it('offline when adopting: OFFLINE, and the early request is cancelled', async () => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      try {
        const start = early('https://api.example.test/');
        const client = adopting(start);
        expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('OFFLINE');
        expect(start.abort.signal.aborted).to.equal(true);
      } finally {
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    it('an adopted request that never answers times out counting from when it was sent, and is cancelled (fake timers)', async () => {
      const clock = sinon.useFakeTimers({ now: SERVER, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      try {
        const abort = new AbortController();
        const response = new Promise<Response>((_resolve, reject) =>
          abort.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
        const { url, init } = statusRequest('https://api.example.test', PK, SECRET, SESSION_ID);
        const start = { url, init, abort, response, sentAt: SERVER - 2_000 };
        const client = adopting(start, { apiBase: 'https://api.example.test', timeoutMs: 8000 });
        const pending = failure(client.getSession(SESSION_ID));
        await clock.tickAsync(5_999);
        expect(abort.signal.aborted).to.equal(false);
        await clock.tickAsync(1);
        expect((await pending).error.code).to.equal('TIMEOUT');
        expect(abort.signal.aborted).to.equal(true);
        expect(fetchStub.callCount).to.equal(0);
      } finally {
        clock.restore();
      }
    });

    it('cancels, unread, a request sent for other credentials or another API', async () => {
      for (const start of [
        early('https://other.example.test'),
        early('https://api.example.test/', `${SESSION_ID}_secret_other`),
      ]) {
        const client = adopting(start);
        fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
        expect((await client.getSession(SESSION_ID)).data.status).to.equal('processing');
        expect(start.abort.signal.aborted).to.equal(true);
      }
    });
  });
});
