/**
 * ApiClient's requests and how a 200 is read: the method, URL and headers sent, the server clock fed
 * from `Date`, every answer the spec allows accepted, and anything else MALFORMED_RESPONSE.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient } from './api-client.js';
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
import { QuoteRefresher } from '../parts/later/quote-refresher.js';
import { fromStatusView } from '../core/session-model.js';
import { sessionStatusRead } from '../contract/read/session.js';
import type { FlowInput } from '../core/flow-machine.js';

describe('ApiClient', () => {
  let fetchStub: FetchStub;
  let serverClock: ServerClock;
  let client: ApiClient;

  beforeEach(() => {
    ({ fetchStub, serverClock, client } = newApiClient());
  });
  afterEach(() => sinon.restore());

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

  it('POST /v1/onramp/quote with a JSON body (the quote refresher, through the client)', async () => {
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
    const sent: FlowInput[] = [];
    const session = {
      ...fromStatusView(sessionStatusRead.parse(statusView)),
      fiatAmount: 10000,
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      network: 'ethereum',
    };
    await new QuoteRefresher(serverClock, (input) => sent.push(input)).refresh(client, session);
    const [refreshed] = sent;
    expect(refreshed?.type === 'quote-refreshed' && refreshed.quote.cryptoAmount).to.equal('0.0307');
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
});
