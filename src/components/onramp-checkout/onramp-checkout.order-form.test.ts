/**
 * Amount first: the element with a publishable key, a `session-url` (or `createSession`) and no
 * client secret starts with the order form; the live price comes debounced, one request at a time;
 * "Continue" has the merchant's endpoint create the session and the card goes on into its flow.
 * (Accessibility in every language and theme, and the narrow card: `…order-form-a11y.test.ts`.)
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { createdSession } from '../../../test/support/fake-onramp-api.js';
import {
  SESSION_PRICE,
  SESSION_URL,
  input,
  mountForm,
  type,
  until,
  useFakeMerchant,
} from '../../parts/order/order-form.test-helpers.js';
import { loadOrderPart } from '../../parts/later/load-order-part.js';
import {
  API,
  CHECKOUT,
  PK_TEST,
  SECRET,
  WALLET,
  flush,
  part,
  text,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

await loadOrderPart();

describe('<onramp-checkout> amount first', () => {
  const h = useWidgetHarness();
  const { requests: merchant, answers: merchantAnswers } = useFakeMerchant(h);
  const quotes = () => h.api.posts.filter((request) => request.url.pathname === '/v1/onramp/quote');

  it('draws the form inside the card with the allowed choices, and one debounced quote', async () => {
    h.fakeTime();
    const el = await mountForm({ attrs: { 'wallet-address': WALLET } });
    expect(el.status).to.equal('loading');
    expect(input(el, 'amount-input').value).to.equal('100');
    const options = (name: string) => [...(part(el, name) as HTMLSelectElement).options].map((option) => option.value);
    expect(options('fiat-select')).to.deep.equal(['USD', 'EUR', 'GBP']);
    expect(options('crypto-select')).to.deep.equal(['ETH', 'USDC', 'USDT', 'MATIC']);
    expect(options('network-select')).to.deep.equal(['ethereum', 'base']);
    expect(text(part(el, 'wallet'))).to.contain(WALLET);
    expect(part(el, 'wallet-input')).to.equal(null);
    expect(quotes()).to.have.length(0);
    await h.advance(300, el);
    expect(quotes()).to.have.length(1);
    expect(quotes()[0]!.body).to.deep.equal({
      fiat_amount: 10000,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      network: 'ethereum',
    });
    expect(quotes()[0]!.headers).to.include({ 'X-API-Key': PK_TEST });
    expect(quotes()[0]!.headers).not.to.have.property('X-Client-Secret');
    expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
    expect(text(part(el, 'rate'))).to.contain('1 ETH = $3,000.50');
    expect(text(part(el, 'fees'))).to.contain('Platform fee $1.60');
    expect(text(part(el, 'fees'))).to.contain('Total fees $7.30');
    expect(text(part(el, 'quote-age'))).to.contain('now');
    await h.advance(5000, el);
    expect(text(part(el, 'quote-age'))).to.contain('5 seconds ago');
    // Refreshed at its expiry (5 minutes), not before.
    await h.advance(5 * 60_000 - 6000, el);
    expect(quotes()).to.have.length(1);
    await h.advance(2000, el);
    expect(quotes()).to.have.length(2);
  });

  it('restricts and presets by attribute: only the pairs the API allows', async () => {
    h.fakeTime();
    const el = await mountForm({
      attrs: {
        'fiat-currencies': 'EUR,GBP',
        'crypto-currencies': 'USDC,MATIC,ETH',
        networks: 'polygon',
        'fiat-currency': 'GBP',
        'crypto-currency': 'MATIC',
        'fiat-amount': '2550',
      },
    });
    const options = (name: string) => [...(part(el, name) as HTMLSelectElement).options].map((option) => option.value);
    expect(options('fiat-select')).to.deep.equal(['EUR', 'GBP']);
    // ETH is never on polygon: not offered.
    expect(options('crypto-select')).to.deep.equal(['USDC', 'MATIC']);
    expect(options('network-select')).to.deep.equal(['polygon']);
    expect((part(el, 'fiat-select') as HTMLSelectElement).value).to.equal('GBP');
    expect((part(el, 'crypto-select') as HTMLSelectElement).value).to.equal('MATIC');
    expect(input(el, 'amount-input').value).to.equal('25.50');
    await h.advance(300, el);
    expect(quotes()[0]!.body).to.deep.equal({
      fiat_amount: 2550,
      fiat_currency: 'GBP',
      crypto_currency: 'MATIC',
      network: 'polygon',
    });
  });

  it('costs at most 3 quote requests for 20 keystrokes typed 100 ms apart', async () => {
    h.fakeTime();
    const el = await mountForm();
    const digits = '12345678901234567890';
    let typed = '';
    for (const digit of digits) {
      typed = typed.length >= 3 ? digit : typed + digit;
      await type(el, 'amount-input', typed);
      await h.advance(100, el);
    }
    await h.advance(1000, el);
    expect(quotes().length).to.be.at.most(3);
    expect(quotes().at(-1)!.body).to.include({ fiat_amount: Number(typed) * 100 });
  });

  it('refuses 5 and 20,000 with a message and no request', async () => {
    h.fakeTime();
    const el = await mountForm();
    await type(el, 'amount-input', '5');
    expect(text(part(el, 'amount-error'))).to.equal('The minimum is $10.00.');
    expect(input(el, 'amount-input').getAttribute('aria-invalid')).to.equal('true');
    await h.advance(2000, el);
    await type(el, 'amount-input', '20000');
    expect(text(part(el, 'amount-error'))).to.equal('The maximum is $10,000.00.');
    await h.advance(2000, el);
    expect(quotes()).to.have.length(0);
    expect(text(part(el, 'quote-age'))).to.contain('Enter an allowed amount');
    await type(el, 'amount-input', '10000');
    expect(text(part(el, 'amount-error'))).to.equal('');
    await h.advance(300, el);
    expect(quotes()).to.have.length(1);
  });

  it('honours 429 Retry-After, then the latest order wins', async () => {
    h.fakeTime();
    h.api.nextQuotes.push(() => h.api.error(429, 'RATE_LIMITED', { 'Retry-After': '20' }));
    const el = await mountForm();
    await h.advance(300, el);
    expect(quotes()).to.have.length(1);
    expect(text(part(el, 'quote-age'))).to.contain('could not be fetched');
    await type(el, 'amount-input', '250');
    await h.advance(19_000, el);
    expect(quotes()).to.have.length(1);
    await h.advance(1000, el);
    expect(quotes()).to.have.length(2);
    expect(quotes()[1]!.body).to.include({ fiat_amount: 25_000 });
  });

  it('checks the wallet per network (EIP-55 for mixed case) and the presets set the amount', async () => {
    h.fakeTime();
    const el = await mountForm();
    (part(el, 'preset') as HTMLButtonElement).click(); // 50
    await el.updateComplete;
    expect(input(el, 'amount-input').value).to.equal('50');
    expect(part(el, 'preset')!.getAttribute('aria-pressed')).to.equal('true');
    await type(el, 'wallet-input', '0x1234');
    input(el, 'wallet-input').dispatchEvent(new Event('blur'));
    await el.updateComplete;
    expect(text(part(el, 'wallet-error'))).to.contain('not an address on Ethereum');
    await type(el, 'wallet-input', WALLET.replace('C7', 'c7'));
    expect(text(part(el, 'wallet-error'))).to.contain('typo');
    await type(el, 'wallet-input', WALLET.toLowerCase());
    expect(text(part(el, 'wallet-error'))).to.equal('');
    expect(input(el, 'wallet-input').getAttribute('aria-invalid')).to.equal('false');
  });

  it('Continue POSTs the order to session-url and goes on into the session, seeded, with no quote again', async () => {
    h.fakeTime();
    const el = await mountForm();
    await h.advance(300, el);
    await type(el, 'wallet-input', WALLET);
    const before = { quotes: quotes().length, gets: h.api.gets.length };
    // Whether the order was on screen when the first status read left.
    let shownBeforeRead: boolean | undefined;
    h.api.nextGets.push(() => {
      shownBeforeRead = !!part(el, 'pay-button') && !part(el, 'order-form');
      return h.api.respond(200, { success: true, data: h.api.statusView() });
    });
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'pay-button'), 'the session flow follows');
    expect(merchant).to.have.length(1);
    const [request] = merchant;
    expect(request!.method).to.equal('POST');
    expect(request!.body).to.deep.equal({
      fiat_amount: 10000,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      network: 'ethereum',
      wallet_address: WALLET,
    });
    expect(request!.headers).to.include({ 'Content-Type': 'application/json', credentials: 'same-origin' });
    expect(request!.headers['Idempotency-Key']).to.match(/^[0-9a-f]{32}$/);
    expect(el.clientSecret).to.equal(SECRET);
    expect(el.status).to.equal('pending');
    // Shown from the creation response: no status read was needed to show it.
    expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
    expect(part(el, 'order-form')).to.equal(null);
    await flush(el);
    expect(shownBeforeRead).to.equal(true);
    // Then polling as for any seeded session (one read after the first paint), and no new quote.
    expect(h.api.gets.length).to.equal(before.gets + 1);
    expect(quotes()).to.have.length(before.quotes);
    expect(h.events.of('onramp-ready')).to.have.length(1);
  });

  it('a session priced worse than the form showed waits for "Accept new price"; accepted, Pay comes', async () => {
    h.fakeTime();
    const quote = h.api.quote.bind(h.api);
    h.api.quote = () => ({ ...quote(), crypto_amount: '0.031' });
    const el = await mountForm({ attrs: { 'wallet-address': WALLET } });
    await h.advance(300, el);
    expect(text(part(el, 'crypto-amount'))).to.contain('0.031 ETH');
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'accept-price-button'), 'the new price waits for the buyer');
    expect(part(el, 'pay-button')).to.equal(null);
    expect(text(part(el, 'previous-price'))).to.contain('0.031');
    expect(text(part(el, 'new-price'))).to.contain('0.02946');
    const changes = () => h.events.of('onramp-price-change').map((event) => event.detail);
    expect(changes()).to.deep.equal([{ previous: '0.031', current: SESSION_PRICE, accepted: false }]);
    (part(el, 'accept-price-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'pay-button'), 'Pay at the accepted price');
    expect(changes()[1]).to.deep.equal({ previous: '0.031', current: SESSION_PRICE, accepted: true });
  });

  it('keeps everything typed on a refusal of the merchant, says so, and retries with the same Idempotency-Key', async () => {
    h.fakeTime();
    merchantAnswers.push(() =>
      h.api.respond(400, {
        success: false,
        error: { code: 'ORDER_REFUSED', message: 'Amount above your limit', request_id: 'req_m1' },
      }),
    );
    merchantAnswers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const el = await mountForm();
    await type(el, 'amount-input', '250');
    await type(el, 'wallet-input', WALLET);
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'error'), 'the refusal is shown');
    expect(text(part(el, 'error'))).to.contain('could not be started');
    expect(text(part(el, 'error'))).to.contain('Amount above your limit');
    expect(text(part(el, 'error'))).to.contain('req_m1');
    const errors = h.events.of('onramp-error');
    expect(errors).to.have.length(1);
    expect(errors[0]!.detail).to.include({ code: 'SESSION_CREATE_FAILED', recoverable: true, requestId: 'req_m1' });
    expect(errors[0]!.detail.fix).to.contain(SESSION_URL);
    expect(input(el, 'amount-input').value).to.equal('250');
    expect(input(el, 'wallet-input').value).to.equal(WALLET);
    expect(el.status).to.equal('loading');
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => h.events.of('onramp-error').length === 2, 'the second refusal');
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.contain('could not be reached');
    expect(merchant[1]!.headers['Idempotency-Key']).to.equal(merchant[0]!.headers['Idempotency-Key']);
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'pay-button'), 'the third try makes the session');
    expect(merchant[2]!.headers['Idempotency-Key']).to.equal(merchant[0]!.headers['Idempotency-Key']);
  });

  it('a busy merchant (429: its ceiling) reads “busy, try again shortly”, keeps the form, and tells the merchant', async () => {
    h.fakeTime();
    merchantAnswers.push(() =>
      h.api.respond(
        429,
        {
          success: false,
          error: {
            code: 'RATE_LIMITED',
            message: 'Checkout is busy right now; try again shortly',
            request_id: 'req_b1',
          },
        },
        { 'Retry-After': '30' },
      ),
    );
    const el = await mountForm({ locale: 'de-DE' });
    await until(el, () => text(el.shadowRoot!.querySelector('label[for="amount"]')).includes('Betrag'), 'German');
    await type(el, 'amount-input', '250');
    await type(el, 'wallet-input', WALLET);
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'error'), 'the refusal is shown');
    // In the buyer's language: the German catalogue's text, not the server's English.
    expect(text(part(el, 'error'))).to.contain('gerade ausgelastet');
    const errors = h.events.of('onramp-error');
    expect(errors[0]!.detail).to.include({ code: 'SESSION_CREATE_BUSY', recoverable: true, requestId: 'req_b1' });
    expect(errors[0]!.detail.cause).to.contain('Retry-After 30 s');
    expect(errors[0]!.detail.fix).to.contain('ceiling');
    expect(input(el, 'wallet-input').value).to.equal(WALLET);
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'pay-button'), 'a try after the wait makes the session');
  });

  it('a session for another order than the buyer’s stops the card before Pay (ORDER_CHANGED)', async () => {
    h.fakeTime();
    // The merchant's server charges 2.50 more than the buyer chose.
    merchantAnswers.push(() => h.api.respond(201, { success: true, data: createdSession() }));
    const el = await mountForm({ attrs: { 'wallet-address': WALLET } });
    await type(el, 'amount-input', '97.50');
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => el.status === 'error', 'the card stops');
    expect(part(el, 'pay-button')).to.not.exist;
    expect(text(part(el, 'error'))).to.contain('not set up correctly');
    const errors = h.events.of('onramp-error');
    expect(errors.map((event) => event.detail.code)).to.deep.equal(['ORDER_CHANGED']);
    expect(errors[0]!.detail.cause).to.contain('fiat_amount: 10000, not 9750');
    expect(errors[0]!.detail.fix).to.contain('createOrderHandler');
  });

  it('calls createSession(order) instead, and reads the bare creation response', async () => {
    h.fakeTime();
    const orders: unknown[] = [];
    const el = await mountForm({
      createSession: (order) => {
        orders.push(order);
        return Promise.resolve(createdSession());
      },
      attrs: { 'wallet-address': WALLET },
    });
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => part(el, 'pay-button'), 'the session flow follows');
    expect(orders).to.deep.equal([
      { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH', network: 'ethereum', wallet_address: WALLET },
    ]);
    expect(merchant).to.have.length(0);
  });

  it('Continue with a wrong field moves focus to it and sends nothing', async () => {
    h.fakeTime();
    const el = await mountForm();
    (part(el, 'continue-button') as HTMLButtonElement).click();
    await until(el, () => el.shadowRoot!.activeElement === part(el, 'wallet-input'), 'focus on the wallet');
    expect(text(part(el, 'wallet-error'))).to.contain('Enter the wallet address');
    expect(merchant).to.have.length(0);
  });

  it('refuses a secret key before any request, as with a client secret', async () => {
    h.fakeTime();
    const el = await fixture<OnrampCheckout>(html`<onramp-checkout
      publishable-key="onramp_test_sk_abcdefghijklmnop1234"
      api-base=${API}
      checkout-origin=${CHECKOUT}
      session-url=${SESSION_URL}
    ></onramp-checkout>`);
    await until(el, () => el.status === 'error', 'the key is refused');
    expect(h.events.of('onramp-error')[0]!.detail.code).to.equal('SECRET_KEY_REFUSED');
    await h.advance(5000, el);
    expect(h.api.requests).to.have.length(0);
    expect(part(el, 'order-form')).to.equal(null);
  });

  it('works by keyboard alone: native controls in reading order, and focus stays in the card after Continue', async () => {
    h.fakeTime();
    const el = await mountForm();
    const focusable = [
      ...el.shadowRoot!.querySelectorAll<HTMLElement>(
        'input, select, button, a[href], [tabindex]:not([tabindex="-1"])',
      ),
    ];
    expect(focusable.map((node) => node.getAttribute('part'))).to.deep.equal([
      'amount-input',
      'fiat-select',
      'preset',
      'preset',
      'preset',
      'preset',
      'crypto-select',
      'network-select',
      'wallet-input',
      'continue-button',
    ]);
    for (const node of focusable) expect(node.tabIndex, node.getAttribute('part') ?? '').to.equal(0);
    // Every field has a label a screen reader reads with it.
    for (const id of ['amount', 'crypto', 'network', 'wallet'])
      expect(el.shadowRoot!.querySelector(`label[for="${id}"]`), id).to.exist;
    await type(el, 'wallet-input', WALLET);
    // Enter in a field submits the form, as "Continue" does.
    input(el, 'wallet-input').focus();
    (part(el, 'order-form') as HTMLFormElement).requestSubmit();
    await until(el, () => part(el, 'pay-button'), 'the session flow follows');
    expect(el.shadowRoot!.activeElement, 'focus stays in the card').to.not.equal(null);
  });
});
