/**
 * The element against any server that speaks the spec (property tests with fast-check): every
 * answer the spec allows is rendered with no `onramp-error`; malformed or unsafe answers are refused
 * with a clear error, and nothing of any answer is ever rendered as markup.
 */
import { expect, waitUntil } from '@open-wc/testing';
import fc from 'fast-check';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  API,
  CHECKOUT,
  PK_TEST,
  SECRET,
  SESSION_ID,
  clickPay,
  flush,
  part,
  text,
} from './onramp-checkout.test-helpers.js';
import { statusViewBody } from '../../../test/support/fake-onramp-api.js';
import {
  clientSecretArb,
  envelopeArb,
  publishableKeyArb,
  quoteDataArb,
  sessionIdArb,
  statusBreakArb,
  statusDataArb,
} from '../../../test/support/spec-answers.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Elements the templates never make: their presence would mean data was rendered as markup. */
const FOREIGN = 'img, script, svg, b, iframe:not([part=checkout-frame])';

interface Rendered {
  el: OnrampCheckout;
  errors: { code: string; message: string }[];
  fetches: sinon.SinonStub;
}

/** Mounts the element on the page with these answers for the status and the quote, and waits until it settles. */
/** A quote as the spec shows it (its `fiat_amount` in major units, as another server may send). */
const specQuote = () =>
  json(200, {
    success: true,
    data: {
      fiat_amount: 100,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      crypto_amount: '0.03',
      exchange_rate: 3000,
      fees: { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49, total_fee: 5.99 },
      expires_at: new Date(Date.now() + 300_000).toISOString(),
    },
  });

async function render(
  attributes: Record<string, string>,
  status: () => Response,
  quote: () => Response = specQuote,
): Promise<Rendered> {
  let inFlight = 0;
  const fetches = sinon.stub(window, 'fetch').callsFake(async (input) => {
    inFlight += 1;
    try {
      return new URL(input instanceof Request ? input.url : input).pathname.endsWith('/quote') ? quote() : status();
    } finally {
      inFlight -= 1;
    }
  });
  const el = document.createElement('onramp-checkout');
  const errors: Rendered['errors'] = [];
  el.addEventListener('onramp-error', (event) =>
    errors.push((event as CustomEvent<Rendered['errors'][number]>).detail),
  );
  for (const [name, value] of Object.entries({
    'api-base': API,
    'checkout-origin': CHECKOUT,
    locale: 'en-US',
    ...attributes,
  }))
    el.setAttribute(name, value);
  document.body.append(el);
  await waitUntil(() => el.status !== 'loading' || errors.length > 0, 'the element left loading', { timeout: 3000 });
  // A status without a usable price asks for a quote: let it land.
  await flush(el);
  await waitUntil(() => inFlight === 0, 'no request in flight', { timeout: 3000 });
  await flush(el);
  return { el, errors, fetches };
}

/** A pending status view created now (so the session is payable on the device's clock). */
function liveStatus(): Record<string, unknown> {
  const now = Date.now();
  return {
    ...statusViewBody({ status: 'pending', expiresAt: now + 1_800_000, quoteExpiresAt: now + 300_000 }),
    created_at: new Date(now).toISOString(),
  };
}

function cleanUp({ el }: Rendered): void {
  el.remove();
  sinon.restore();
}

describe('<onramp-checkout> reads any answer the spec allows', () => {
  afterEach(() => sinon.restore());

  it('renders every status answer the spec allows, with no onramp-error and nothing as markup', async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(
        sessionIdArb.chain((id) =>
          fc.tuple(
            clientSecretArb(id),
            envelopeArb(statusDataArb({ sessionId: fc.constant(id), checkoutOrigin: CHECKOUT })),
          ),
        ),
        publishableKeyArb,
        envelopeArb(quoteDataArb),
        async ([secret, body], key, quote) => {
          const rendered = await render(
            { 'publishable-key': key, 'client-secret': secret },
            () => json(200, body),
            () => json(200, quote),
          );
          try {
            const { el, errors } = rendered;
            expect(errors, JSON.stringify({ errors, body })).to.deep.equal([]);
            expect(el.status).to.equal(body.data.status);
            expect(el.shadowRoot!.querySelectorAll(FOREIGN)).to.have.length(0);
            const active = body.data.status === 'pending' || body.data.status === 'processing';
            expect(part(el, active ? 'quote' : 'result'), JSON.stringify(body)).to.exist;
            if (active) expect(part(el, 'fees')).to.exist;
          } finally {
            cleanUp(rendered);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses a malformed status answer with MALFORMED_RESPONSE and shows none of it', async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(
        statusDataArb({ sessionId: fc.constant(SESSION_ID), checkoutOrigin: CHECKOUT }),
        statusBreakArb,
        async (data, [, breakIt]) => {
          const rendered = await render({ 'publishable-key': PK_TEST, 'client-secret': SECRET }, () =>
            json(200, { success: true, data: breakIt(data) }),
          );
          try {
            const { el, errors } = rendered;
            expect(errors[0]?.code).to.equal('MALFORMED_RESPONSE');
            expect(errors[0]?.message).to.be.a('string').and.not.empty;
            expect(part(el, 'error')).to.exist;
            expect(part(el, 'quote')).to.equal(null);
            expect(el.shadowRoot!.querySelectorAll(FOREIGN)).to.have.length(0);
          } finally {
            cleanUp(rendered);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('refuses any secret key before a request, with SECRET_KEY_REFUSED', async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('live', 'test'),
        fc.stringMatching(/^[A-Za-z0-9]{1,64}$/),
        async (environment, random) => {
          const rendered = await render(
            { 'publishable-key': `onramp_${environment}_sk_${random}`, 'client-secret': SECRET },
            () => json(500, {}),
          );
          try {
            expect(rendered.errors.map((error) => error.code)).to.deep.equal(['SECRET_KEY_REFUSED']);
            expect(rendered.fetches.callCount).to.equal(0);
          } finally {
            cleanUp(rendered);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('never opens a checkout link off the checkout origin, from the answer or from redirect-url', async function () {
    this.timeout(60_000);
    const offOrigin = fc.oneof(
      fc.webUrl().filter((url) => new URL(url).origin !== CHECKOUT),
      fc.constantFrom(
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        `//checkout.example.test/pay`,
        `${CHECKOUT}@evil.example/pay`,
        'http://checkout.example.test/pay',
      ),
    );
    await fc.assert(
      fc.asyncProperty(offOrigin, fc.boolean(), async (url, asAttribute) => {
        const data = { ...liveStatus(), redirect_url: asAttribute ? undefined : url };
        const rendered = await render(
          { 'publishable-key': PK_TEST, 'client-secret': SECRET, ...(asAttribute ? { 'redirect-url': url } : {}) },
          () => json(200, { success: true, data }),
        );
        try {
          // A redirect-url written on the element is checked before any request; the answer's at Pay.
          if (!asAttribute) await clickPay(rendered.el);
          expect(rendered.errors.map((error) => error.code)).to.deep.equal(['UNSAFE_REDIRECT_URL']);
          expect(rendered.el.shadowRoot!.querySelector('iframe')).to.equal(null);
        } finally {
          cleanUp(rendered);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('redirect-url', () => {
  afterEach(() => sinon.restore());

  /** The spec's bare status answer: no redirect_url, no expiry, no rate. */
  function bareStatus(): Record<string, unknown> {
    const {
      redirect_url: _r,
      expires_at: _e,
      quote_expires_at: _q,
      exchange_rate: _x,
      estimated_crypto_amount: _a,
      ...bare
    } = liveStatus();
    return bare;
  }

  it('pays with the redirect-url attribute when the status answer has no redirect_url', async () => {
    const link = `${CHECKOUT}/pay/${SESSION_ID}?t=from_the_creation_response`;
    const data = bareStatus();
    const rendered = await render({ 'publishable-key': PK_TEST, 'client-secret': SECRET, 'redirect-url': link }, () =>
      json(200, { success: true, data }),
    );
    try {
      expect(rendered.el.redirectUrl).to.equal(link);
      await clickPay(rendered.el);
      const frame = rendered.el.shadowRoot!.querySelector('iframe');
      expect(frame?.getAttribute('src')).to.match(
        new RegExp(`^${CHECKOUT}/pay/${SESSION_ID}\\?t=from_the_creation_response&locale=[^&]+&embed_origin=`),
      );
      expect(rendered.errors).to.deep.equal([]);
    } finally {
      cleanUp(rendered);
    }
  });

  it('a server that refuses quotes to a publishable key (the spec leaves it open) leaves the order payable', async () => {
    const link = `${CHECKOUT}/pay/${SESSION_ID}?t=from_the_creation_response`;
    const data = bareStatus();
    const refused = () => json(403, { success: false, error: { code: 'INSUFFICIENT_PERMISSIONS', message: 'no' } });
    const rendered = await render(
      { 'publishable-key': PK_TEST, 'client-secret': SECRET, 'redirect-url': link },
      () => json(200, { success: true, data }),
      refused,
    );
    try {
      expect(rendered.el.status).to.equal('pending');
      expect(
        rendered.errors.map((error) => ({
          code: error.code,
          recoverable: (error as { recoverable?: boolean }).recoverable,
        })),
      ).to.deep.equal([{ code: 'QUOTE_REFRESH_FAILED', recoverable: true }]);
      expect(part(rendered.el, 'fees')).to.exist;
      await clickPay(rendered.el);
      expect(rendered.el.shadowRoot!.querySelector('iframe[part=checkout-frame]')).to.exist;
    } finally {
      cleanUp(rendered);
    }
  });

  it('the first quote for a status answer without one is shown, and not announced as "Price updated."', async () => {
    const link = `${CHECKOUT}/pay/${SESSION_ID}?t=from_the_creation_response`;
    const rendered = await render({ 'publishable-key': PK_TEST, 'client-secret': SECRET, 'redirect-url': link }, () =>
      json(200, { success: true, data: bareStatus() }),
    );
    try {
      expect(part(rendered.el, 'fees')).to.exist;
      expect(text(part(rendered.el, 'quote-countdown'))).to.match(/^Price valid for/);
      expect(text(part(rendered.el, 'announcer'))).to.equal('');
    } finally {
      cleanUp(rendered);
    }
  });

  it('without redirect-url, session or redirect_url: a clear MISSING_REDIRECT_URL on Pay, nothing opened', async () => {
    const data = bareStatus();
    const rendered = await render({ 'publishable-key': PK_TEST, 'client-secret': SECRET }, () =>
      json(200, { success: true, data }),
    );
    try {
      await clickPay(rendered.el);
      expect(rendered.errors.map((error) => error.code)).to.deep.equal(['MISSING_REDIRECT_URL']);
      expect((rendered.errors[0] as { fix?: string }).fix).to.contain('redirect-url');
      expect(rendered.el.shadowRoot!.querySelector('iframe')).to.equal(null);
    } finally {
      cleanUp(rendered);
    }
  });
});
