import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient, ApiError } from './api-client.js';
import { ServerClock } from './server-clock.js';
import { statusRequest } from './status-request.js';

const PK = 'onramp_test_pk_abcdefghijklmnop1234';
const SECRET = 'ors_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678';
const SESSION_ID = 'ors_abcdefghijklmnop1234';
const SERVER = Date.UTC(2025, 0, 15, 12, 0, 0);

const statusView = {
  id: 'txn_abcdefghijklmnop1234',
  session_id: SESSION_ID,
  status: 'pending',
  wallet_address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  crypto_currency: 'ETH',
  crypto_amount: '0.030793650793650793',
  fiat_currency: 'USD',
  fiat_amount: 10000,
  network: 'ethereum',
  fees: { platform_fee: 1.5, network_fee: 1, processing_fee: 0.5 },
  metadata: {},
  created_at: '2025-01-15T12:00:00.000Z',
};

function respond(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      Date: new Date(SERVER).toUTCString(),
      'Request-Id': 'req_header',
      ...headers,
    },
  });
}

const errorBody = (code: string, message = 'nope') => ({
  success: false,
  error: { code, message, request_id: 'req_body' },
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('ApiClient', () => {
  let fetchStub: sinon.SinonStub<Parameters<typeof fetch>, ReturnType<typeof fetch>>;
  let serverClock: ServerClock;
  let client: ApiClient;

  beforeEach(() => {
    fetchStub = sinon.stub<Parameters<typeof fetch>, ReturnType<typeof fetch>>();
    serverClock = new ServerClock();
    client = new ApiClient({
      apiBase: 'https://api.example.test/',
      publishableKey: PK,
      clientSecret: SECRET,
      clock: serverClock,
      fetch: fetchStub,
    });
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

    it('adopts the status request already sent when it is exactly its own: no second request', async () => {
      const start = early('https://api.example.test/');
      const adopting = new ApiClient({
        apiBase: 'https://api.example.test/',
        publishableKey: PK,
        clientSecret: SECRET,
        clock: serverClock,
        fetch: fetchStub,
        headStart: start,
      });
      fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
      expect((await adopting.getSession(SESSION_ID)).data.status).to.equal('pending');
      expect(fetchStub.callCount).to.equal(0);
      // Once only: the next poll is a request of its own.
      expect((await adopting.getSession(SESSION_ID)).data.status).to.equal('processing');
      expect(fetchStub.callCount).to.equal(1);
      expect(start.abort.signal.aborted).to.equal(false);
    });

    it('cancels, unread, a head start older than 3 s (a page that waited in a background tab): the answer shown is fresh', async () => {
      const start = { ...early('https://api.example.test/'), sentAt: Date.now() - 3_001 };
      const adopting = new ApiClient({
        apiBase: 'https://api.example.test/',
        publishableKey: PK,
        clientSecret: SECRET,
        clock: serverClock,
        fetch: fetchStub,
        headStart: start,
      });
      fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
      expect((await adopting.getSession(SESSION_ID)).data.status).to.equal('processing');
      expect(fetchStub.callCount).to.equal(1);
      expect(start.abort.signal.aborted).to.equal(true);
    });

    it('offline when adopting: OFFLINE, and the early request is cancelled', async () => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      try {
        const start = early('https://api.example.test/');
        const adopting = new ApiClient({
          apiBase: 'https://api.example.test/',
          publishableKey: PK,
          clientSecret: SECRET,
          clock: serverClock,
          fetch: fetchStub,
          headStart: start,
        });
        expect((await failure(adopting.getSession(SESSION_ID))).error.code).to.equal('OFFLINE');
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
        const adopting = new ApiClient({
          apiBase: 'https://api.example.test',
          publishableKey: PK,
          clientSecret: SECRET,
          clock: serverClock,
          fetch: fetchStub,
          timeoutMs: 8000,
          headStart: start,
        });
        const pending = failure(adopting.getSession(SESSION_ID));
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
        const adopting = new ApiClient({
          apiBase: 'https://api.example.test/',
          publishableKey: PK,
          clientSecret: SECRET,
          clock: serverClock,
          fetch: fetchStub,
          headStart: start,
        });
        fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'processing' } }));
        expect((await adopting.getSession(SESSION_ID)).data.status).to.equal('processing');
        expect(start.abort.signal.aborted).to.equal(true);
      }
    });
  });

  it('GET /v1/onramp with the key and client secret, no cookies, parsed data and request id', async () => {
    fetchStub.resolves(respond(200, { success: true, data: statusView }));
    const { data, requestId } = await client.getSession(SESSION_ID);
    expect(data.status).to.equal('pending');
    expect(requestId).to.equal('req_header');
    const [url, init] = fetchStub.firstCall.args as [string, RequestInit];
    expect(url).to.equal(`https://api.example.test/v1/onramp?session_id=${SESSION_ID}`);
    expect(init.method).to.equal('GET');
    expect(init.credentials).to.equal('omit');
    expect(init.headers).to.deep.equal({ 'X-API-Key': PK, 'X-Client-Secret': SECRET });
  });

  it('POST /v1/onramp/quote with a JSON body', async () => {
    const quote = {
      fiat_amount: 10000,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      crypto_amount: '0.0307',
      exchange_rate: 3150.5,
      fees: { platform_fee: 1.5, network_fee: 1, processing_fee: 0.5, total_fee: 3 },
      expires_at: '2025-01-15T12:05:00.000Z',
      network: 'ethereum',
    };
    fetchStub.resolves(respond(200, { success: true, data: quote }));
    const request = { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH', network: 'ethereum' } as const;
    const { data } = await client.createQuote(request);
    expect(data.crypto_amount).to.equal('0.0307');
    const [url, init] = fetchStub.firstCall.args as [string, RequestInit];
    expect(url).to.equal('https://api.example.test/v1/onramp/quote');
    expect(init.method).to.equal('POST');
    expect(JSON.parse(init.body as string)).to.deep.equal(request);
    expect((init.headers as Record<string, string>)['Content-Type']).to.equal('application/json');
    // Only the key: the client secret is no business of the quote (a spec server need not allow it in CORS).
    expect(init.headers).to.deep.equal({ 'X-API-Key': PK, 'Content-Type': 'application/json' });
  });

  it('feeds the server clock from the Date header', async () => {
    fetchStub.resolves(respond(200, { success: true, data: statusView }));
    await client.getSession(SESSION_ID);
    expect(Math.abs(serverClock.now() - (SERVER + 500))).to.be.below(5000);
  });

  const cases: [number, string, boolean][] = [
    [401, 'UNAUTHORIZED', false],
    [403, 'FORBIDDEN', false],
    [404, 'SESSION_NOT_FOUND', false],
    [400, 'BAD_REQUEST', false],
    [429, 'RATE_LIMITED', true],
    [500, 'SERVER_ERROR', true],
    [502, 'SERVER_ERROR', true],
    [503, 'SERVER_ERROR', true],
  ];
  for (const [status, code, recoverable] of cases) {
    it(`${status} -> ${code} (${recoverable ? 'recoverable' : 'fatal'}), with the body's request id`, async () => {
      fetchStub.resolves(respond(status, errorBody('WHATEVER')));
      const error = await failure(client.getSession(SESSION_ID));
      expect(error.status).to.equal(status);
      expect(error.error.code).to.equal(code);
      expect(error.error.recoverable).to.equal(recoverable);
      expect(error.error.requestId).to.equal('req_body');
      expect(error.error.message).to.be.a('string').and.not.empty;
    });
  }

  it('distinct messages for 401, 403, 404, malformed, timeout and offline', async () => {
    const { widgetError } = await import('../core/widget-error.js');
    const messages = ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_NOT_FOUND', 'MALFORMED_RESPONSE', 'TIMEOUT', 'OFFLINE'].map(
      (code) => widgetError(code as Parameters<typeof widgetError>[0]).message,
    );
    expect(new Set(messages).size).to.equal(messages.length);
  });

  it('400 carries the server message', async () => {
    fetchStub.resolves(respond(400, errorBody('VALIDATION_ERROR', 'fiat_amount is out of range')));
    const error = await failure(client.getSession(SESSION_ID));
    expect(error.error.message).to.contain('fiat_amount is out of range');
  });

  it('429 reads Retry-After as seconds', async () => {
    fetchStub.resolves(respond(429, errorBody('RATE_LIMITED'), { 'Retry-After': '12' }));
    const error = await failure(client.getSession(SESSION_ID));
    expect(error.retryAfterMs).to.equal(12_000);
  });

  it('429 reads Retry-After as an HTTP date on the server clock, whatever the device clock', async () => {
    const clock = sinon.useFakeTimers({ now: SERVER - 3_600_000, toFake: ['Date'] });
    try {
      fetchStub.resolves(
        respond(429, errorBody('RATE_LIMITED'), { 'Retry-After': new Date(SERVER + 30_000).toUTCString() }),
      );
      const error = await failure(client.getSession(SESSION_ID));
      // server now ≈ SERVER + 500 (header midpoint)
      expect(error.retryAfterMs).to.equal(29_500);
    } finally {
      clock.restore();
    }
  });

  it('429 without Retry-After has no floor; other statuses never carry one', async () => {
    fetchStub.resolves(respond(429, errorBody('RATE_LIMITED')));
    expect((await failure(client.getSession(SESSION_ID))).retryAfterMs).to.equal(null);
    fetchStub.resolves(respond(503, errorBody('INTERNAL_ERROR'), { 'Retry-After': '5' }));
    expect((await failure(client.getSession(SESSION_ID))).retryAfterMs).to.equal(null);
  });

  it('malformed JSON on 200 -> MALFORMED_RESPONSE (recoverable) with the header request id', async () => {
    fetchStub.resolves(respond(200, '{"success": true, "data": '));
    const error = await failure(client.getSession(SESSION_ID));
    expect(error.error.code).to.equal('MALFORMED_RESPONSE');
    expect(error.error.recoverable).to.equal(true);
    expect(error.error.requestId).to.equal('req_header');
  });

  it('a 200 that fails the schema -> MALFORMED_RESPONSE', async () => {
    fetchStub.resolves(respond(200, { success: true, data: { ...statusView, crypto_amount: 0.03 } }));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
    fetchStub.resolves(respond(200, { success: true, data: { ...statusView, status: 'teleported' } }));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
    fetchStub.resolves(respond(200, { success: false, data: statusView }));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
    fetchStub.resolves(respond(200, { success: true, data: [] }));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
    // Another session's answer, however well formed.
    fetchStub.resolves(respond(200, { success: true, data: { ...statusView, session_id: 'ors_other' } }));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
  });

  it('reads any answer the spec allows: unknown fields ignored, shown-in-some-states fields absent or null, no extensions', async () => {
    const bare = {
      ...statusView,
      id: 'txn_1',
      session_id: 'ors_a1',
      api_version: '2027-01-01',
      metadata: { nested: { deep: [1, 2] } },
    };
    fetchStub.resolves(respond(200, { success: true, data: bare, livemode: false }));
    expect((await client.getSession('ors_a1')).data.session_id).to.equal('ors_a1');
    fetchStub.resolves(respond(200, { success: true, data: { ...statusView, tx_hash: null, completed_at: null } }));
    expect((await client.getSession(SESSION_ID)).data.status).to.equal('pending');
  });

  it('error bodies of any shape: another JSON shape, a bare string, plain text, nothing', async () => {
    const bodies: [unknown, string | undefined][] = [
      [{ code: 'NOT_FOUND', message: 'no such session', request_id: 'req_flat' }, 'req_flat'],
      [{ error: 'Bad request: session_id' }, 'req_header'],
      [{ success: false, error: { code: 'X' } }, 'req_header'],
      ['Bad Request', 'req_header'],
      ['', 'req_header'],
      [[1, 2, 3], 'req_header'],
      [null, 'req_header'],
    ];
    for (const [body, requestId] of bodies) {
      fetchStub.resolves(
        respond(400, typeof body === 'string' ? body : JSON.stringify(body), { 'Content-Type': 'text/plain' }),
      );
      const error = await failure(client.getSession(SESSION_ID));
      expect(error.error.code).to.equal('BAD_REQUEST');
      expect(error.error.requestId).to.equal(requestId);
    }
    fetchStub.resolves(respond(400, { error: 'Bad request: session_id' }));
    expect((await failure(client.getSession(SESSION_ID))).error.message).to.contain('Bad request: session_id');
  });

  it('an HTML body is classified by status: 200 malformed, 502 server error, 404 not found', async () => {
    const page = '<!doctype html><html><body><h1>Bad Gateway</h1></body></html>';
    const html = { 'Content-Type': 'text/html' };
    fetchStub.resolves(respond(200, page, html));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('MALFORMED_RESPONSE');
    fetchStub.resolves(respond(502, page, html));
    const bad = await failure(client.getSession(SESSION_ID));
    expect(bad.error.code).to.equal('SERVER_ERROR');
    expect(bad.error.requestId).to.equal('req_header');
    expect(bad.error.message).not.to.contain('<');
    fetchStub.resolves(respond(404, page, html));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('SESSION_NOT_FOUND');
  });

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

  it('a caller abort rejects with the abort, not an ApiError', async () => {
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
    expect(error).not.to.be.instanceOf(ApiError);
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
