/** The hosted checkout: page, headers, escaping, tokens, test cards, form errors, embedding hints. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { escapeHtml } from '../../demo/hosted-checkout/escape.js';
import { checkoutScript } from '../../demo/hosted-checkout/script.js';
import { formatCrypto } from '../../src/format/format.js';
import { type TestSandbox, expectData, sessionBody, startTestSandbox, waitFor } from './helpers.js';

let t: TestSandbox;
before(async () => {
  t = await startTestSandbox({
    deliveryMs: 150,
    sweepIntervalMs: 20,
    merchantOrigins: ['http://localhost:*', 'https://shop.example'],
  });
});
after(() => t.close());

async function newSession(overrides: Record<string, unknown> = {}) {
  return expectData(await t.call('POST', '/v1/onramp', { body: sessionBody(overrides) }), createdSessionSchema, 201);
}

const get = (url: string) => fetch(url, { redirect: 'manual' });

async function pay(redirectUrl: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
  const url = new URL(redirectUrl);
  const form = new URLSearchParams({ t: url.searchParams.get('t') ?? '', ...fields, ...extra });
  return fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
}

const cardFields = (number: string) => ({ card_number: number, card_expiry: '12/34', card_cvc: '123', card_name: '' });
const card = (number: string) => ({
  card_number: number,
  card_expiry: '12/34',
  card_cvc: '123',
  card_name: 'Ada Lovelace',
});

/** Forces a transition with the test helper. */
async function advance(sessionId: string, to: string) {
  const reply = await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: sessionId, to } });
  assert.equal(reply.status, 200, reply.text);
}

async function apiStatus(sessionId: string) {
  return expectData(await t.call('GET', `/v1/onramp?session_id=${sessionId}`), sessionStatusViewSchema);
}

describe('GET /pay/:id', () => {
  it('serves the order page with the security headers', async () => {
    const s = await newSession({ return_url: 'https://shop.example/back?x="><script>alert(1)</script>' });
    const res = await get(s.redirect_url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Content-Type'), 'text/html; charset=utf-8');
    assert.equal(
      res.headers.get('Content-Security-Policy'),
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self' http://localhost:* https://shop.example",
    );
    assert.equal(res.headers.get('Referrer-Policy'), 'no-referrer');
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(res.headers.get('Cache-Control'), 'no-store');
    assert.equal(res.headers.get('X-Frame-Options'), null);
    const page = await res.text();
    assert.match(page, /\$100\.00/);
    // As a buyer reads it, written by the widget's own formatter: the widget shows the same figure.
    assert.ok(page.includes(formatCrypto(s.estimated_crypto_amount, 'ETH', 'en-US')));
    assert.ok(!page.includes(s.estimated_crypto_amount));
    assert.match(page, /Test mode/);
    assert.match(page, /autocomplete="cc-number"/);
    assert.match(page, /autocomplete="cc-exp"/);
    assert.match(page, /autocomplete="cc-csc"/);
    assert.match(page, /inputmode="numeric"/);
    assert.match(page, /<label for="card_number">/);
    // No inline script or style; the return_url is escaped, never markup.
    assert.doesNotMatch(page, /<script>|<style|style="|onclick=|onload=/);
    assert.ok(page.includes('Back to merchant'));
    assert.ok(!page.includes('"><script>alert(1)'));
    assert.ok(!page.includes('<script>alert'));
  });

  it('answers a wrong, missing or foreign token with a plain 404 page', async () => {
    const a = await newSession();
    const b = await newSession();
    const tokenB = new URL(b.redirect_url).searchParams.get('t') ?? '';
    const base = `${t.sandbox.checkoutUrl}/pay/${a.session_id}`;
    for (const url of [
      base,
      `${base}?t=wrong`,
      `${base}?t=${tokenB}`,
      `${t.sandbox.checkoutUrl}/pay/nope?t=x`,
      `${t.sandbox.checkoutUrl}/elsewhere`,
    ]) {
      const res = await get(url);
      assert.equal(res.status, 404, url);
      const text = await res.text();
      assert.match(text, /Checkout not found/);
      assert.ok(!text.includes(a.estimated_crypto_amount));
    }
    assert.equal((await get(`${t.sandbox.checkoutUrl}/pay/${a.session_id}/status?t=wrong`)).status, 404);
  });

  it('keeps an allowed embed_origin (hidden field, data attribute) and drops others', async () => {
    const s = await newSession();
    const allowed = await (
      await get(`${s.redirect_url}&embed_origin=${encodeURIComponent('http://localhost:5173')}`)
    ).text();
    assert.match(allowed, /data-embed-origin="http:\/\/localhost:5173"/);
    assert.match(allowed, /<input type="hidden" name="embed_origin" value="http:\/\/localhost:5173">/);
    for (const origin of [
      'https://evil.example',
      '*',
      'http://localhost:5173/path',
      '"><script>x</script>',
      'https://shop.example:8443',
    ]) {
      const page = await (await get(`${s.redirect_url}&embed_origin=${encodeURIComponent(origin)}`)).text();
      assert.doesNotMatch(page, /embed-origin|name="embed_origin"/, origin);
    }
    const res = await pay(s.redirect_url, card('4242 4242 4242 4242'), { embed_origin: 'http://localhost:5173' });
    assert.equal(res.status, 303);
    const location = new URL(res.headers.get('Location') ?? '', t.sandbox.checkoutUrl);
    assert.equal(location.searchParams.get('embed_origin'), 'http://localhost:5173');
  });

  it('serves its script (browser/ bundled) and stylesheet; the script posts only to an explicit origin', async () => {
    const js = await get(`${t.sandbox.checkoutUrl}/assets/checkout.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('Content-Type') ?? '', /^text\/javascript/);
    const source = await js.text();
    assert.equal(source, checkoutScript());
    assert.match(source, /postMessage\(message, embedOrigin\)/);
    assert.doesNotMatch(source, /postMessage\([^)]*'\*'/);
    const css = await get(`${t.sandbox.checkoutUrl}/assets/checkout.css`);
    assert.match(css.headers.get('Content-Type') ?? '', /^text\/css/);
    assert.equal((await get(`${t.sandbox.checkoutUrl}/assets/other.js`)).status, 404);
  });
});

describe('POST /pay/:id with test cards', () => {
  it('4242… pays, then completes after the delivery delay with a tx_hash', async () => {
    const s = await newSession();
    const res = await pay(s.redirect_url, card('4242 4242 4242 4242'));
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('Location'), new URL(s.redirect_url).pathname + new URL(s.redirect_url).search);
    assert.equal((await apiStatus(s.session_id)).status, 'processing');
    const processingPage = await (await get(s.redirect_url)).text();
    assert.match(processingPage, /Payment received/);
    assert.match(processingPage, /data-status="processing"/);
    const done = await waitFor(
      async () => {
        const status = await apiStatus(s.session_id);
        return status.status === 'completed' ? status : undefined;
      },
      5000,
      'delivery',
    );
    assert.match(done.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
    assert.ok(done.completed_at);
    const json = (await (
      await get(
        `${t.sandbox.checkoutUrl}/pay/${s.session_id}/status?t=${new URL(s.redirect_url).searchParams.get('t')}`,
      )
    ).json()) as Record<string, unknown>;
    assert.deepEqual(json, { session_id: s.session_id, status: 'completed', tx_hash: done.tx_hash });
    const page = await (await get(s.redirect_url)).text();
    assert.match(page, /Crypto delivered/);
    assert.ok(page.includes(done.tx_hash ?? 'missing'));
    // The hash links to the test network's explorer in a new window, as the widget's result does.
    assert.ok(
      page.includes(
        `<a href="https://sepolia.etherscan.io/tx/${done.tx_hash}" target="_blank" rel="noopener noreferrer" data-tx-link>`,
      ),
      'the explorer link',
    );
  });

  it('4000 0000 0000 0002 is declined: failed at once', async () => {
    const s = await newSession();
    assert.equal((await pay(s.redirect_url, card('4000000000000002'))).status, 303);
    const status = await apiStatus(s.session_id);
    assert.equal(status.status, 'failed');
    assert.equal(status.tx_hash, undefined);
    const page = await (await get(s.redirect_url)).text();
    assert.match(page, /declined/);
    assert.match(page, /new session/);
  });

  it('4000 0000 0000 9995 pays, then fails at delivery', async () => {
    const s = await newSession();
    assert.equal((await pay(s.redirect_url, card('4000-0000-0000-9995'))).status, 303);
    assert.equal((await apiStatus(s.session_id)).status, 'processing');
    await waitFor(
      async () => ((await apiStatus(s.session_id)).status === 'failed' ? true : undefined),
      5000,
      'failed delivery',
    );
    assert.match(await (await get(s.redirect_url)).text(), /delivering the crypto to your wallet failed/);
  });

  it('re-renders the form with field errors (400), keeping only the name', async () => {
    const s = await newSession();
    const cases: [Record<string, string>, string, RegExp][] = [
      [card('4242 4242 4242 4241'), 'card_number', /not valid/],
      [card('5555 5555 5555 4444'), 'card_number', /use a test card/],
      [card(''), 'card_number', /Enter the card number/],
      [{ ...card('4242424242424242'), card_expiry: '01/20' }, 'card_expiry', /expired/],
      [{ ...card('4242424242424242'), card_expiry: '13/30' }, 'card_expiry', /01 to 12/],
      [{ ...card('4242424242424242'), card_expiry: 'soon' }, 'card_expiry', /MM\/YY/],
      [{ ...card('4242424242424242'), card_cvc: '12' }, 'card_cvc', /3 or 4 digits/],
      [{ ...card('4242424242424242'), card_cvc: '' }, 'card_cvc', /security code/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await pay(s.redirect_url, { ...fields, card_name: '<b>Ada</b>' });
      assert.equal(res.status, 400, field);
      const page = await res.text();
      assert.match(page, message);
      assert.match(page, new RegExp(`id="${field}"[^>]*aria-invalid="true" aria-describedby="${field}-error"`));
      assert.match(page, new RegExp(`<p class="field-error" id="${field}-error">`));
      assert.match(page, /role="alert"/);
      assert.match(page, /value="&lt;b&gt;Ada&lt;\/b&gt;"/);
      assert.ok(!page.includes('4242424242424242') && !page.includes('5555 5555'), 'card data is not echoed');
    }
    assert.equal((await apiStatus(s.session_id)).status, 'pending');
  });

  it('refuses to pay a session that is not pending (409 SESSION_NOT_PAYABLE)', async () => {
    const s = await newSession();
    await pay(s.redirect_url, card('4000000000000002'));
    const res = await pay(s.redirect_url, card('4242424242424242'));
    assert.equal(res.status, 409);
    const page = await res.text();
    assert.match(page, /SESSION_NOT_PAYABLE/);
    assert.match(page, /cannot be paid/);
    assert.equal((await apiStatus(s.session_id)).status, 'failed');
    // A wrong token on POST is a 404 and changes nothing.
    const other = await newSession();
    const forged = await fetch(`${t.sandbox.checkoutUrl}/pay/${other.session_id}`, {
      method: 'POST',
      body: new URLSearchParams({ t: 'forged', ...card('4242424242424242') }),
      redirect: 'manual',
    });
    assert.equal(forged.status, 404);
    assert.equal((await apiStatus(other.session_id)).status, 'pending');
  });
});

describe('the way back to the merchant (return_url)', () => {
  const links = (page: string) =>
    [...page.matchAll(/href="([^"]+)"/g)]
      .map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))
      .filter((href) => href.startsWith('http'));

  it('adds onramp_session_id and onramp_status to the merchant’s own query, never a secret', async () => {
    const s = await newSession({ return_url: 'https://shop.example/orders?ref=42' });
    const page = await (await get(s.redirect_url)).text();
    const back = links(page).map((href) => new URL(href));
    assert.equal(back.length, 1, 'pending: the back link only');
    const url = back[0]!;
    assert.equal(url.origin + url.pathname, 'https://shop.example/orders');
    assert.equal(url.searchParams.get('ref'), '42');
    assert.equal(url.searchParams.get('onramp_session_id'), s.session_id);
    assert.equal(url.searchParams.get('onramp_status'), 'pending');
    const token = new URL(s.redirect_url).searchParams.get('t') ?? '';
    assert.ok(!url.href.includes(token) && !url.href.includes('_secret_'));
    assert.doesNotMatch(page, /data-way-back/);
  });

  for (const [card, status] of [
    ['4242424242424242', 'processing'],
    ['4000000000000002', 'failed'],
  ] as const) {
    it(`once ${status}, the page offers "Return now" with that status (and its script returns by itself)`, async () => {
      const s = await newSession({ return_url: 'https://shop.example/back' });
      const paid = await pay(s.redirect_url, cardFields(card));
      assert.equal(paid.status, 303);
      const page = await (await get(new URL(paid.headers.get('Location') ?? '', s.redirect_url).href)).text();
      assert.match(page, /data-way-back /);
      assert.match(page, /data-return-after="5"/);
      assert.match(page, /data-stay hidden>Stay on this page</);
      const returnNow = /<a class="button" href="([^"]+)" data-return-now>Return now<\/a>/
        .exec(page)?.[1]
        ?.replaceAll('&amp;', '&');
      assert.ok(returnNow, 'a Return now link');
      assert.equal(new URL(returnNow).searchParams.get('onramp_status'), status);
      assert.equal(new URL(returnNow).searchParams.get('onramp_session_id'), s.session_id);
    });
  }

  /** The way-back panel's opening tag, "Return now"'s address, and the note, of a page of its own. */
  const wayBackOf = (page: string) => ({
    panel: /<section class="way-back"[^>]*>/.exec(page)?.[0] ?? '',
    note: /data-way-back-note>([^<]*(?:<strong>[^<]*<\/strong>[^<]*)?)</.exec(page)?.[1] ?? '',
    returnNow: /<a class="button" href="([^"]+)" data-return-now>Return now<\/a>/
      .exec(page)?.[1]
      ?.replaceAll('&amp;', '&'),
    backLink: /<a href="([^"]+)" data-back-link>/.exec(page)?.[1]?.replaceAll('&amp;', '&'),
  });

  it('to an app’s own scheme: the same two parameters, "Back to the app", "Return now" a real link, no return by itself', async () => {
    const s = await newSession({ return_url: 'myapp://onramp/done' });
    const pending = wayBackOf(await (await get(s.redirect_url)).text());
    assert.equal(pending.backLink, `myapp://onramp/done?onramp_session_id=${s.session_id}&onramp_status=pending`);
    assert.equal(pending.panel, '', 'pending: no panel yet');

    const paid = await pay(s.redirect_url, cardFields('4242424242424242'));
    assert.equal(paid.status, 303);
    const page = await (await get(new URL(paid.headers.get('Location') ?? '', s.redirect_url).href)).text();
    const way = wayBackOf(page);
    // Marked for the script (never a jump to the scheme by itself), named as the app, no "host".
    assert.match(way.panel, / data-return-app /);
    assert.match(way.panel, /aria-label="Back to the app"/);
    assert.doesNotMatch(way.panel, /data-return-host/);
    assert.equal(way.note, 'Back to the app');
    assert.doesNotMatch(page, /Your order is on|<strong>onramp<\/strong>/);
    assert.equal(way.returnNow, `myapp://onramp/done?onramp_session_id=${s.session_id}&onramp_status=processing`);
    assert.equal(way.backLink, way.returnNow);
    // Nothing secret in it.
    const token = new URL(s.redirect_url).searchParams.get('t') ?? '';
    assert.ok(!way.returnNow.includes(token) && !way.returnNow.includes('_secret_'));
    // An app's scheme in capitals and a query of its own: the scheme as browsers write it, the query kept.
    const other = await newSession({ return_url: 'MyApp://onramp/done?order=42' });
    await advance(other.session_id, 'failed');
    assert.equal(
      wayBackOf(await (await get(other.redirect_url)).text()).returnNow,
      `myapp://onramp/done?order=42&onramp_session_id=${other.session_id}&onramp_status=failed`,
    );
  });

  it('a universal link / app link is a web page: its host named, the automatic return as before', async () => {
    const s = await newSession({ return_url: 'https://wallet.example/onramp/done' });
    const paid = await pay(s.redirect_url, cardFields('4242424242424242'));
    const page = await (await get(new URL(paid.headers.get('Location') ?? '', s.redirect_url).href)).text();
    const way = wayBackOf(page);
    assert.match(way.panel, /data-return-host="wallet\.example" data-return-after="5"/);
    assert.match(way.panel, /aria-label="Back to the merchant"/);
    assert.doesNotMatch(way.panel, /data-return-app/);
    assert.equal(way.note, 'Your order is on <strong>wallet.example</strong>.');
    assert.equal(
      way.returnNow,
      `https://wallet.example/onramp/done?onramp_session_id=${s.session_id}&onramp_status=processing`,
    );
  });

  it('with no return_url there is no way back to offer', async () => {
    const s = await newSession();
    const page = await (await get(s.redirect_url)).text();
    assert.doesNotMatch(page, /Back to merchant|data-way-back/);
  });

  it('inside the widget’s frame (Sec-Fetch-Dest: iframe): one line of order over the card form, no link away', async () => {
    const s = await newSession({ return_url: 'https://shop.example/back' });
    const res = await fetch(`${s.redirect_url}&embed_origin=https%3A%2F%2Fshop.example`, {
      headers: { 'Sec-Fetch-Dest': 'iframe' },
    });
    const page = await res.text();
    assert.match(page, /data-surface="frame"/);
    assert.match(
      page,
      /class="frame-summary"[^>]*>Pay <strong>\$100\.00<\/strong> for about <strong>0\.0\d+ ETH<\/strong>/,
    );
    assert.match(page, /autocomplete="cc-number"/);
    assert.doesNotMatch(page, /<a /);
    assert.doesNotMatch(page, /class="summary"|class="details"/);
    // Paid in the frame: the outcome, still no way out of the frame.
    const paid = await pay(s.redirect_url, cardFields('4000000000000002'), { embed_origin: 'https://shop.example' });
    const after = await (
      await fetch(new URL(paid.headers.get('Location') ?? '', s.redirect_url), {
        headers: { 'Sec-Fetch-Dest': 'iframe' },
      })
    ).text();
    assert.match(after, /Payment failed/);
    assert.doesNotMatch(after, /<a /);
  });
});

describe('escapeHtml', () => {
  it('escapes every markup character', () => {
    assert.equal(
      escapeHtml(`<a href="x" onclick='y'>&\`</a>`),
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
  });
});
