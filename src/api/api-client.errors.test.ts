/**
 * ApiClient's error answers: each status mapped to a code and whether it is recoverable, the
 * server's message and request id, `Retry-After` on a 429, and error bodies of any shape or none.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient } from './api-client.js';
import {
  errorBody,
  failure,
  newApiClient,
  respond,
  SERVER,
  SESSION_ID,
  type FetchStub,
} from './api-client.test-helpers.js';

describe('ApiClient', () => {
  let fetchStub: FetchStub;
  let client: ApiClient;

  beforeEach(() => {
    ({ fetchStub, client } = newApiClient());
  });
  afterEach(() => sinon.restore());

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

  it("the buyer reads what they can act on: the setup, the session gone, retrying, offline; never the developer's words", async () => {
    const { widgetError } = await import('../core/widget-error.js');
    const message = (code: string) => widgetError(code as Parameters<typeof widgetError>[0]).message;
    // A key the API refuses is the merchant's setup; the buyer is told so, not which key.
    expect(message('UNAUTHORIZED')).to.equal(message('FORBIDDEN'));
    expect(message('UNAUTHORIZED')).to.equal(message('SECRET_KEY_REFUSED'));
    expect(message('UNAUTHORIZED')).not.to.match(/key|secret|api-base/i);
    const distinct = ['UNAUTHORIZED', 'SESSION_NOT_FOUND', 'TIMEOUT', 'OFFLINE', 'API_UNREACHABLE'].map(message);
    expect(new Set(distinct).size).to.equal(distinct.length);
  });

  it('400 keeps the server message for the merchant (the diagnosis), not for the buyer', async () => {
    fetchStub.resolves(respond(400, errorBody('VALIDATION_ERROR', 'fiat_amount is out of range')));
    const error = await failure(client.getSession(SESSION_ID));
    expect(error.error.values?.detail).to.equal('fiat_amount is out of range');
    expect(error.error.message).not.to.contain('fiat_amount');
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
    expect((await failure(client.getSession(SESSION_ID))).error.values?.detail).to.equal('Bad request: session_id');
  });

  it("an HTML page below 500 is not the API (api-base points at a site or a 404 page); a proxy's 502 is a server error", async () => {
    const page = '<!doctype html><html><body><h1>Bad Gateway</h1></body></html>';
    const html = { 'Content-Type': 'text/html' };
    fetchStub.resolves(respond(200, page, html));
    const site = await failure(client.getSession(SESSION_ID));
    expect(site.error.code).to.equal('API_NOT_AN_ONRAMP_API');
    expect(site.error.recoverable).to.equal(true);
    expect(site.error.values).to.include({
      status: '200',
      contentType: 'text/html',
      url: 'https://api.example.test/v1/onramp',
    });
    fetchStub.resolves(respond(502, page, html));
    const bad = await failure(client.getSession(SESSION_ID));
    expect(bad.error.code).to.equal('SERVER_ERROR');
    expect(bad.error.requestId).to.equal('req_header');
    expect(bad.error.message).not.to.contain('<');
    fetchStub.resolves(respond(404, page, html));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('API_NOT_AN_ONRAMP_API');
  });

  it('a 404 KEY_MODE_MISMATCH names both modes; another 404 is SESSION_NOT_FOUND', async () => {
    fetchStub.resolves(respond(404, errorBody('KEY_MODE_MISMATCH', 'This session is in live mode; the key is test.')));
    const mismatch = await failure(client.getSession(SESSION_ID));
    expect(mismatch.error.code).to.equal('KEY_MODE_MISMATCH');
    expect(mismatch.error.recoverable).to.equal(false);
    expect(mismatch.error.values).to.include({ keyMode: 'test', sessionMode: 'live' });
    fetchStub.resolves(respond(404, errorBody('NOT_FOUND')));
    expect((await failure(client.getSession(SESSION_ID))).error.code).to.equal('SESSION_NOT_FOUND');
  });
});
