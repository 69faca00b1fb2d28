/**
 * Never silent, never stranded (issue #32): each misconfiguration the element can see is an
 * `onramp-error` or `onramp-warning` with its code of the list of problems, a cause and a fix naming the exact
 * value to set, printed once in the console; and whenever the embedded flow cannot run, the buyer is
 * offered the hosted payment page (or "Try again"), while reads go on and take over when the API
 * answers. The page's own CSP is exercised for real in the end-to-end suites.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import sinon from 'sinon';
import '../../define.js';
import { defineOnrampCheckout } from '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  API,
  CHECKOUT,
  PK_LIVE,
  PK_TEST,
  SECRET,
  SESSION_ID,
  flush,
  mount,
  part,
  text,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

const REDIRECT = `${CHECKOUT}/pay/${SESSION_ID}?t=tok_abcdefghijklmnop`;

describe('<onramp-checkout> diagnostics', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

  /** An element with exactly these attributes (no api-base or checkout-origin unless given). */
  async function place(attributes: {
    key?: string;
    apiBase?: string;
    checkoutOrigin?: string;
    redirectUrl?: string;
  }): Promise<OnrampCheckout> {
    const el = await fixture<OnrampCheckout>(html`<onramp-checkout
      publishable-key=${attributes.key ?? PK_TEST}
      client-secret=${SECRET}
      api-base=${ifDefined(attributes.apiBase)}
      checkout-origin=${ifDefined(attributes.checkoutOrigin)}
      redirect-url=${ifDefined(attributes.redirectUrl)}
      locale="en-US"
    ></onramp-checkout>`);
    await flush(el);
    return el;
  }

  const errorCodes = () => h.events.of('onramp-error').map((event) => event.detail.code);
  const warnings = () => h.events.of('onramp-warning').map((event) => event.detail);
  const failNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

  describe('the provider’s addresses: none shipped', () => {
    it('a live key without api-base is MISSING_API_BASE before any request, the fix naming api-base', async () => {
      await place({ key: PK_LIVE, checkoutOrigin: CHECKOUT });
      expect(h.fetchStub.callCount).to.equal(0);
      expect(errorCodes()).to.deep.equal(['MISSING_API_BASE']);
      const { detail } = h.events.of('onramp-error')[0]!;
      expect(detail.cause).to.contain(location.origin);
      expect(detail.fix).to.contain('api-base="https://');
    });

    it('a live key without checkout-origin is MISSING_CHECKOUT_ORIGIN before any request', async () => {
      await place({ key: PK_LIVE, apiBase: API });
      expect(h.fetchStub.callCount).to.equal(0);
      expect(errorCodes()).to.deep.equal(['MISSING_CHECKOUT_ORIGIN']);
      expect(h.events.of('onramp-error')[0]!.detail.fix).to.contain('checkout-origin="https://');
    });

    it('neither key nor secret yet waits for a framework to set them; none within 3 s is INVALID_PUBLISHABLE_KEY', async () => {
      fakeTime();
      const el = await fixture<OnrampCheckout>(
        html`<onramp-checkout api-base=${API} checkout-origin=${CHECKOUT}></onramp-checkout>`,
      );
      await flush(el);
      expect(errorCodes()).to.deep.equal([]);
      expect(el.status).to.equal('loading');
      await advance(3_000, el);
      expect(errorCodes()).to.deep.equal(['INVALID_PUBLISHABLE_KEY']);
      expect(h.fetchStub.callCount).to.equal(0);
    });

    it('a test key on a loopback page uses the local sandbox’s addresses', async () => {
      const el = await place({});
      expect(h.api.gets[0]!.url.origin).to.equal('http://127.0.0.1:8787');
      expect(el.status).to.equal('pending');
      expect(errorCodes()).to.deep.equal([]);
    });

    it('checkout-origin that is not https is INVALID_CHECKOUT_ORIGIN, naming it', async () => {
      await place({ apiBase: API, checkoutOrigin: 'http://checkout.example.test' });
      expect(h.fetchStub.callCount).to.equal(0);
      expect(errorCodes()).to.deep.equal(['INVALID_CHECKOUT_ORIGIN']);
      expect(h.events.of('onramp-error')[0]!.detail.cause).to.contain('http://checkout.example.test');
    });

    it('redirect-url off checkout-origin is UNSAFE_REDIRECT_URL before any request, naming both origins', async () => {
      await place({ apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: 'https://evil.example/pay/x?t=1' });
      expect(h.fetchStub.callCount).to.equal(0);
      const { detail } = h.events.of('onramp-error')[0]!;
      expect(detail.code).to.equal('UNSAFE_REDIRECT_URL');
      expect(detail.cause).to.contain('https://evil.example').and.contain(CHECKOUT);
      expect(detail.fix).to.contain('checkout-origin="https://evil.example"');
      expect(detail.cause).not.to.contain('t=1');
    });
  });

  describe('never stranded', () => {
    it('the API unreachable: within 10 s the hosted page is offered, reads go on, and the API takes over when back', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      for (let i = 0; i < 6; i += 1) h.api.nextGets.push(failNetwork);
      const el = await place({ apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: REDIRECT });
      expect(text(part(el, 'error'))).to.contain('Retrying');
      expect(part(el, 'fallback-link')).to.equal(null);
      await advance(9_999, el);
      expect(part(el, 'fallback-link')).to.equal(null);
      await advance(1, el);
      const link = part(el, 'fallback-link') as HTMLAnchorElement;
      expect(link.href).to.equal(REDIRECT);
      expect(link.target).to.equal('_blank');
      expect(text(part(el, 'error'))).not.to.contain('Retrying');
      expect(text(part(el, 'status'))).to.equal('Checkout unavailable');
      expect(errorCodes().at(-1)).to.equal('API_UNREACHABLE');
      const { detail } = h.events.of('onramp-error').at(-1)!;
      expect(detail.cause).to.contain(`${API}/v1/onramp`);
      expect(detail.fix).to.contain(API);
      expect(h.api.probes).to.have.length(1);
      // Behind the link, the widget keeps reading; when the API answers, the order is back.
      await advance(60_000, el);
      expect(el.status).to.equal('pending');
      expect(part(el, 'quote')).to.exist;
      expect(part(el, 'fallback-link')).to.equal(null);
    });

    it('without a link to the hosted page: a clear message and “Try again”, which reads at once', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      for (let i = 0; i < 8; i += 1) h.api.nextGets.push(failNetwork);
      const el = await place({ apiBase: API, checkoutOrigin: CHECKOUT });
      await advance(10_000, el);
      expect(text(part(el, 'error'))).to.equal('The payment service cannot be reached from this page.');
      const retry = part(el, 'retry-button') as HTMLButtonElement;
      expect(text(retry)).to.equal('Try again');
      h.api.nextGets.length = 0;
      const reads = h.api.gets.length;
      retry.click();
      await flush(el);
      expect(h.api.gets).to.have.length(reads + 1);
      expect(el.status).to.equal('pending');
      expect(part(el, 'retry-button')).to.equal(null);
    });

    it('a server that answers but refuses this page (CORS) is told apart by a no-cors probe: the link at once', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      h.api.answersProbes = true;
      for (let i = 0; i < 4; i += 1) h.api.nextGets.push(failNetwork);
      const el = await place({ apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: REDIRECT });
      await advance(500, el);
      expect(errorCodes().at(-1)).to.equal('API_CORS_REFUSED');
      expect(part(el, 'fallback-link')).to.exist;
      expect(h.events.of('onramp-error').at(-1)!.detail.cause).to.contain(location.origin);
    });

    it('api-base answering a web page is API_NOT_AN_ONRAMP_API at once, the hosted page offered', async () => {
      fakeTime();
      h.api.nextGets.push(() =>
        h.api.respond(404, '<!doctype html><title>Not Found</title>', { 'Content-Type': 'text/html' }),
      );
      const el = await place({ apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: REDIRECT });
      expect(errorCodes()).to.deep.equal(['API_NOT_AN_ONRAMP_API']);
      const { detail } = h.events.of('onramp-error')[0]!;
      expect(detail.cause).to.contain('404').and.contain('text/html');
      expect(detail.fix).to.contain('before /v1');
      expect(part(el, 'fallback-link')).to.exist;
    });

    it('a live key with a test session (KEY_MODE_MISMATCH): fatal, naming both modes, the hosted page offered', async () => {
      h.api.nextGets.push(() =>
        h.api.respond(404, {
          success: false,
          error: {
            code: 'KEY_MODE_MISMATCH',
            message: 'This session is in test mode; the key is live.',
            request_id: 'r1',
          },
        }),
      );
      const el = await place({ key: PK_LIVE, apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: REDIRECT });
      expect(errorCodes()).to.deep.equal(['KEY_MODE_MISMATCH']);
      const { detail } = h.events.of('onramp-error')[0]!;
      expect(detail.cause).to.contain('test mode').and.contain('live key');
      expect(detail.fix).to.contain('test publishable key');
      expect(el.status).to.equal('error');
      expect(part(el, 'fallback-link')).to.exist;
    });

    it('the page’s CSP refusing the API: CSP_CONNECT_SRC, the fix naming the origin to add, the link at once', async () => {
      fakeTime();
      h.api.nextGets.push(failNetwork, failNetwork);
      const el = await place({ apiBase: API, checkoutOrigin: CHECKOUT, redirectUrl: REDIRECT });
      document.dispatchEvent(violation('connect-src', `${API}/v1/onramp`));
      await flush(el);
      expect(errorCodes().at(-1)).to.equal('CSP_CONNECT_SRC');
      const { detail } = h.events.of('onramp-error').at(-1)!;
      expect(detail.fix).to.equal(`Add ${API} to the connect-src directive of the page's Content-Security-Policy.`);
      expect(part(el, 'fallback-link')).to.exist;
    });
  });

  describe('warnings: the flow goes on', () => {
    it('the page’s CSP refusing the checkout frame: CSP_FRAME_SRC, naming the checkout origin', async () => {
      const el = await mount();
      document.dispatchEvent(violation('frame-src', `${CHECKOUT}/pay/${SESSION_ID}`));
      await flush(el);
      expect(warnings().map((warning) => warning.code)).to.deep.equal(['CSP_FRAME_SRC']);
      expect(warnings()[0]!.fix).to.equal(
        `Add ${CHECKOUT} to the frame-src directive of the page's Content-Security-Policy.`,
      );
      expect(el.status).to.equal('pending');
    });

    it('a report-only policy refuses nothing, and another origin’s refusal is not this widget’s', async () => {
      const el = await mount();
      document.dispatchEvent(violation('connect-src', `${API}/v1/onramp`, 'report'));
      document.dispatchEvent(violation('connect-src', 'https://analytics.example/collect'));
      await flush(el);
      expect(errorCodes()).to.deep.equal([]);
      expect(warnings()).to.deep.equal([]);
    });

    it('the checkout refusing to be framed here although the CSP allows it: CHECKOUT_FRAME_REFUSED naming this page', async () => {
      const el = await mount();
      el.dispatchEvent(
        new CustomEvent('onramp-fallback', { detail: { reason: 'frame-refused', url: `${CHECKOUT}/pay/x` } }),
      );
      await flush(el);
      const [warning] = warnings();
      expect(warning?.code).to.equal('CHECKOUT_FRAME_REFUSED');
      expect(warning?.fix).to.contain(`SANDBOX_MERCHANT_ORIGINS=${location.origin}`);
    });

    it('a container narrower than the card: CONTAINER_TOO_NARROW with its width, once', async () => {
      const box = await fixture<HTMLDivElement>(html`<div style="width: 200px"></div>`);
      const el = document.createElement('onramp-checkout');
      Object.assign(el, { publishableKey: PK_TEST, clientSecret: SECRET, apiBase: API, checkoutOrigin: CHECKOUT });
      box.append(el);
      await flush(el);
      await flush(el);
      expect(warnings().map((warning) => [warning.code, warning.values?.width])).to.deep.equal([
        ['CONTAINER_TOO_NARROW', '200'],
      ]);
    });
  });

  describe('the console', () => {
    it('a test key prints one grouped report at mount: what was resolved, and the problems found', async () => {
      const group = sinon.stub(console, 'groupCollapsed');
      const log = sinon.stub(console, 'log');
      const error = sinon.stub(console, 'error');
      sinon.stub(console, 'groupEnd');
      await place({ apiBase: API, checkoutOrigin: 'http://checkout.example.test' });
      await flush();
      expect(group.callCount).to.equal(1);
      expect(String(group.firstCall.args[0])).to.contain('test mode').and.contain('1 error');
      const resolved = String(log.firstCall.args[0]);
      expect(resolved).to.contain(`API: ${API}`).and.contain(`Session: ${SESSION_ID}`).and.contain('Language: en');
      expect(error.callCount).to.equal(1);
      expect(String(error.firstCall.args[0])).to.match(/^INVALID_CHECKOUT_ORIGIN: .*\nFix: /s);
    });

    it('each code at most once per element, what passes by itself only as an event; a live key prints no report', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      const group = sinon.stub(console, 'groupCollapsed');
      const warn = sinon.stub(console, 'warn');
      for (let i = 0; i < 4; i += 1) h.api.nextGets.push(failNetwork);
      const el = await place({ key: PK_LIVE, apiBase: API, checkoutOrigin: CHECKOUT });
      await advance(4_000, el);
      expect(errorCodes().filter((code) => code === 'NETWORK_ERROR').length).to.be.above(1);
      expect(warn.args.filter((args) => String(args[0]).startsWith('onramp-checkout NETWORK_ERROR'))).to.have.length(0);
      expect(group.callCount).to.equal(0);
    });

    it('a second, different copy of the element’s definition is DUPLICATE_DEFINITION', async () => {
      const warn = sinon.stub(console, 'warn');
      // The registry already holds another copy's class, of another version.
      const older = { version: '0.0.9' };
      const registry = { get: () => older, define: sinon.spy() } as unknown as CustomElementRegistry;
      defineOnrampCheckout(registry);
      await flush();
      expect((registry.define as sinon.SinonSpy).callCount).to.equal(0);
      expect(warn.args.map((args) => String(args[0])).find((line) => line.includes('DUPLICATE_DEFINITION'))).to.match(
        /DUPLICATE_DEFINITION: .*\nFix: Load the widget once/s,
      );
    });
  });
});

/** A `securitypolicyviolation` as the browser fires it at the document. */
function violation(directive: string, blocked: string, disposition: 'enforce' | 'report' = 'enforce'): Event {
  return new SecurityPolicyViolationEvent('securitypolicyviolation', {
    blockedURI: blocked,
    effectiveDirective: directive,
    violatedDirective: directive,
    originalPolicy: `${directive} 'self'`,
    disposition,
    documentURI: location.href,
    statusCode: 200,
    bubbles: true,
    composed: true,
  });
}
