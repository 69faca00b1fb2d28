import { expect } from '@open-wc/testing';
import * as fc from 'fast-check';
import sinon from 'sinon';
import { apiBaseFor, checkCredentials, checkoutOriginFor, checkoutProblem, normalizeOrigin } from '../core/config.js';
import { takeHeadStart } from './head-start.js';
import { sendHeadStartRequests } from './head-start-requests.js';
import { statusRequest } from './status-request.js';

// This file imports no element: `<onramp-checkout>` stays undefined here, as it is on a merchant
// page when the script-tag file's head start runs.
const PK = 'onramp_test_pk_abcdefghijklmnop1234';
const SESSION_ID = 'ors_abcdefghijklmnop1234';
const SECRET = `${SESSION_ID}_secret_ABCDEFGHIJKLMNOP5678`;
const API = 'https://api.example.test';

/** An `<onramp-checkout>` in the page, with a data block child when `dataBlock` is given. */
function place(attributes: Record<string, string>, dataBlock?: unknown): HTMLElement {
  const element = document.createElement('onramp-checkout');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (dataBlock !== undefined) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = JSON.stringify(dataBlock);
    element.append(script);
  }
  document.body.append(element);
  return element;
}

describe("the script-tag file's head start", () => {
  let fetchStub: sinon.SinonStub<Parameters<typeof fetch>, ReturnType<typeof fetch>>;

  beforeEach(() => {
    fetchStub = sinon.stub(window, 'fetch').callsFake(() => new Promise<Response>(() => {}));
  });
  afterEach(() => {
    sinon.restore();
    for (const element of document.querySelectorAll('onramp-checkout')) element.remove();
  });

  it('sends, per element already in the page, exactly the status request the element would send, and keeps it for that element', () => {
    const first = place({ 'publishable-key': PK, 'client-secret': SECRET, 'api-base': API });
    const second = place({ 'publishable-key': PK, 'client-secret': `ors_other1_secret_x`, 'api-base': `${API}/` });
    expect(sendHeadStartRequests()).to.equal(2);
    const expected = statusRequest(API, PK, SECRET, SESSION_ID);
    const [url, init] = fetchStub.firstCall.args as [string, RequestInit];
    expect(url).to.equal(`${API}/v1/onramp?session_id=${SESSION_ID}`);
    expect(url).to.equal(expected.url);
    expect(init).to.include({ method: 'GET', credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' });
    expect(init.headers).to.deep.equal({ 'X-API-Key': PK, 'X-Client-Secret': SECRET });
    expect(init.signal).to.be.instanceOf(AbortSignal);
    expect(takeHeadStart(first)?.url).to.equal(expected.url);
    expect(takeHeadStart(first), 'taken once').to.equal(undefined);
    expect(takeHeadStart(second)?.url).to.equal(`${API}/v1/onramp?session_id=ors_other1`);
  });

  it('sends nothing for a secret key, a malformed client secret, an api-base that is not https, or a live key without api-base', () => {
    place({ 'publishable-key': 'onramp_test_sk_abcdefghijklmnop1234', 'client-secret': SECRET, 'api-base': API });
    place({ 'publishable-key': PK, 'client-secret': 'ors_abc_secret_', 'api-base': API });
    place({ 'publishable-key': PK, 'client-secret': SECRET, 'api-base': 'http://api.example.test' });
    place({ 'publishable-key': 'onramp_live_pk_abcdefghijklmnop1234', 'client-secret': SECRET });
    expect(sendHeadStartRequests()).to.equal(0);
    expect(fetchStub.callCount).to.equal(0);
  });

  it('a test key without api-base on a loopback page asks the local sandbox, as the element would', () => {
    place({ 'publishable-key': PK, 'client-secret': SECRET });
    expect(sendHeadStartRequests()).to.equal(1);
    expect(fetchStub.firstCall.args[0]).to.match(/^http:\/\/127\.0\.0\.1:8787\/v1\/onramp\?/);
  });

  it('sends nothing from a hidden page (a background tab, a prerendered page): the element would not poll there', () => {
    place({ 'publishable-key': PK, 'client-secret': SECRET, 'api-base': API });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      expect(sendHeadStartRequests()).to.equal(0);
      expect(fetchStub.callCount).to.equal(0);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
  });

  it('leaves an element with a server-written session to draw it first, and sends nothing twice for one element', () => {
    place({ 'publishable-key': PK, 'client-secret': SECRET, 'api-base': API }, { session: {} });
    const plain = place({ 'publishable-key': PK, 'client-secret': SECRET, 'api-base': API });
    expect(sendHeadStartRequests()).to.equal(1);
    // A second copy of the script: the first one's request stands.
    expect(sendHeadStartRequests()).to.equal(0);
    expect(fetchStub.callCount).to.equal(1);
    expect(takeHeadStart(plain)).to.not.equal(undefined);
  });

  it('sends exactly when the element itself would (any key, secret and api-base)', () => {
    const keys = fc.constantFrom(
      PK,
      'onramp_live_pk_Z9',
      'onramp_test_sk_abc',
      'sk_test_abc',
      'onramp_test_pk_',
      ' onramp_test_pk_abc ',
      'brand-x_test_pk_q',
      '',
    );
    const secrets = fc.constantFrom(
      SECRET,
      'ors_a_secret_b',
      'ors__secret_b',
      'ors_a_secret_',
      `${SECRET}\n`,
      '<img src=x>',
      '',
    );
    const bases = fc.constantFrom(
      API,
      `${API}/v2`,
      'http://localhost:8787',
      'http://127.0.0.1:1',
      'http://api.example.test',
      'https://u:p@api.example.test',
      'javascript:alert(1)',
      '',
    );
    fc.assert(
      fc.property(keys, secrets, bases, (key, secret, base) => {
        fetchStub.resetHistory();
        const element = place({ 'publishable-key': key, 'client-secret': secret, 'api-base': base });
        const sent = sendHeadStartRequests();
        takeHeadStart(element);
        element.remove();
        // The element's rules: no address is the local sandbox's only for a test key on a loopback page
        // (this one), for the API and the checkout origin alike (none is written here).
        const configured = normalizeOrigin(apiBaseFor(base, key)) && !checkoutProblem(checkoutOriginFor('', key), '');
        expect(sent).to.equal(checkCredentials(key, secret).ok && configured ? 1 : 0);
        expect(fetchStub.callCount).to.equal(sent);
      }),
    );
  });
});
