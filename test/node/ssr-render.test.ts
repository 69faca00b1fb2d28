/**
 * The server entry (`onramp-checkout/ssr`) in plain Node, no DOM: what the HTML carries before any
 * script runs, session first (`renderOnrampCheckout`) and amount first (`renderOnrampOrderForm`).
 * That the browser hydrates it (the built renderer and the built script) is test/e2e/ssr.e2e.ts and
 * test/e2e/ssr-order-form.e2e.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { API, CHECKOUT, createdSession, PK, SECRET_KEY, WALLET } from '../support/fake-onramp-api.js';

const MIN = 60_000;
/** The test session, created now (its countdowns start full). */
const freshSession = (extra: Record<string, unknown> = {}) => ({
  ...createdSession(),
  expires_at: new Date(Date.now() + 30 * MIN).toISOString(),
  quote_expires_at: new Date(Date.now() + 5 * MIN).toISOString(),
  ...extra,
});

const noDom = () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
};

/** The shadow root's markup, Lit's hydration comments taken out, and the data block's JSON. */
function parts(html: string): { shadow: string; text: string; block: unknown; blockSource: string } {
  const shadow = /<template shadowroot="open" shadowrootmode="open">([^]*)<\/template>/.exec(html)?.[1] ?? '';
  const blockSource = /<script type="application\/json">([^]*?)<\/script>/.exec(html)?.[1] ?? '';
  const text = shadow
    .replace(/<style>[^]*?<\/style>/, '')
    .replace(/<!--[^]*?-->|<\?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return { shadow, text, block: blockSource ? JSON.parse(blockSource) : null, blockSource };
}

test('imports and renders in Node with no window: the order, fees, both countdowns, status, data block', async () => {
  noDom();
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  const session = freshSession();
  const html = await renderOnrampCheckout({
    session,
    publishableKey: PK,
    apiBase: 'https://api.example.test',
    checkoutOrigin: 'https://checkout.example.test',
  });
  noDom();
  assert.match(html, /^<onramp-checkout\s[^>]*\bstatus="pending"/);
  assert.match(html, /client-secret="ors_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678"/);
  assert.match(html, /locale="en"/);
  const { shadow, text, block } = parts(html);
  assert.match(shadow, /^<style>/, 'the styles come first in the shadow root');
  assert.match(text, /Buy ETH/);
  assert.match(text, /You receive \(estimated\) ≈ 0\.02946\d* ETH/);
  assert.match(text, /Platform fee \$1\.50 Network fee \$2\.50 Processing fee \$3\.20 Total fees \$7\.20/);
  assert.match(text, /Price valid for 0[45]:\d\d/);
  assert.match(text, /Session expires in (30:00|29:\d\d)/);
  assert.match(text, /Pay \$100\.00/);
  // English is built into the browser's script: no texts to hand over.
  // The client secret is the element's attribute; the block does not carry it twice.
  const { client_secret: _secret, ...withoutSecret } = session as Record<string, unknown>;
  assert.deepEqual(block, { session: withoutSecret, locale: 'en' });
});

test('German and Arabic: rendered in the buyer language at once, with its texts in the data block', async () => {
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  const { default: de } = await import('../../src/i18n/locales/de.js');
  const german = parts(await renderOnrampCheckout({ session: freshSession(), publishableKey: PK, locale: 'de-DE' }));
  assert.match(german.shadow, /<div part="base" class="base" lang="de" dir="ltr">/);
  assert.match(german.text, /ETH kaufen/);
  assert.match(german.text, /Gebühren gesamt 7,20 \$/);
  assert.deepEqual((german.block as { messages: unknown }).messages, de);
  const arabic = parts(await renderOnrampCheckout({ session: freshSession(), publishableKey: PK, locale: 'ar' }));
  assert.match(arabic.shadow, /lang="ar" dir="rtl"/);
  assert.doesNotMatch(arabic.text, /Buy ETH|Total fees/);
});

test('no locale, or a malformed one: English, written as such, and no DOM is asked for one', async () => {
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  for (const locale of [undefined, '', 'not a locale!']) {
    const html = await renderOnrampCheckout({
      session: freshSession(),
      publishableKey: PK,
      ...(locale === undefined ? {} : { locale }),
    });
    assert.match(html, /\slocale="en"/);
    assert.match(parts(html).text, /Buy ETH/);
  }
  assert.match(
    await renderOnrampCheckout({ session: freshSession(), publishableKey: PK, locale: ' de-de ' }),
    /\slocale="de-DE"/,
  );
  noDom();
});

test('the data block cannot close its script element or open a comment, and parses back to the same value', async () => {
  const { renderOnrampCheckout, jsonForScriptElement } = await import('../../src/ssr/render-onramp-checkout.js');
  const hostile = 'https://checkout.example.test/pay/x?t=</script><!--<script>alert(1)</script>&\u2028';
  const html = await renderOnrampCheckout({ session: freshSession({ redirect_url: hostile }), publishableKey: PK });
  assert.equal(html.match(/<\/script/gi)?.length, 1, 'one closing tag: the data block own');
  const { blockSource, block } = parts(html);
  assert.doesNotMatch(blockSource, /[<>&\u2028\u2029]/);
  assert.equal((block as { session: { redirect_url: string } }).session.redirect_url, hostile);
  assert.deepEqual(JSON.parse(jsonForScriptElement({ a: '</script>' })), { a: '</script>' });
});

test('refused before anything is written: a secret key, a malformed session, an unsafe api base', async () => {
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  await assert.rejects(
    renderOnrampCheckout({ session: freshSession(), publishableKey: SECRET_KEY }),
    (error: Error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /SECRET_KEY_REFUSED/);
      assert.doesNotMatch(error.message, new RegExp(SECRET_KEY));
      return true;
    },
  );
  await assert.rejects(
    renderOnrampCheckout({ session: freshSession({ session_id: 'ors_another1' }), publishableKey: PK }),
    /not the session of client_secret/,
  );
  await assert.rejects(
    renderOnrampCheckout({ session: { session_id: 'nope' }, publishableKey: PK }),
    /not a session creation response/,
  );
  await assert.rejects(
    renderOnrampCheckout({ session: freshSession(), publishableKey: PK, apiBase: 'http://api.example.test' }),
    /apiBase must be an https URL/,
  );
});

test("the published style hash is the hash of the one stylesheet the server writes, the parts' included, in both renders", async () => {
  const { renderOnrampCheckout, renderOnrampOrderForm, ONRAMP_CHECKOUT_STYLE_HASH } =
    await import('../../src/ssr/render-onramp-checkout.js');
  const { ORDER_FORM_CSS } = await import('../../src/parts/order/order-form.styles.js');
  const { RESULT_CSS } = await import('../../src/parts/later/result.styles.js');
  for (const html of [
    await renderOnrampCheckout({ session: freshSession(), publishableKey: PK }),
    await renderOnrampOrderForm({ publishableKey: PK, sessionUrl: '/api/order', locale: 'ar' }),
  ]) {
    const styles = [...html.matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]!);
    assert.equal(styles.length, 1);
    assert.equal(ONRAMP_CHECKOUT_STYLE_HASH, `sha256-${createHash('sha256').update(styles[0]!).digest('base64')}`);
    assert.ok(
      styles[0]!.includes(':host') && styles[0]!.endsWith(ORDER_FORM_CSS + RESULT_CSS),
      "the card's rules, then the form's and the final screens'",
    );
  }
});

test('serverRender false: the element and its data block, no shadow root', async () => {
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampCheckout({ session: freshSession(), publishableKey: PK, serverRender: false });
  assert.doesNotMatch(html, /<template/);
  assert.match(html, /<onramp-checkout [^>]*status="pending"[^>]*><script type="application\/json">\{"session":/);
});

/** The option values of the select `id`, and the selected one. */
function select(shadow: string, id: string): { values: string[]; selected: string | undefined } {
  const body = new RegExp(`<select[^>]*id="${id}"[^]*?</select>`).exec(shadow)?.[0] ?? '';
  const options = [...body.matchAll(/<option value="([^"]*)"( selected)?/g)];
  return { values: options.map((match) => match[1]!), selected: options.find((match) => match[2])?.[1] };
}

/** The attribute `name` of the first element with `id`. */
const attributeOf = (shadow: string, id: string, name: string) =>
  new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*\\b${name}="([^"]*)"`).exec(shadow)?.[1];

test('amount first: the order form drawn on the server, with its labels, the first choices, a wallet field and the price being fetched', async () => {
  noDom();
  const { renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampOrderForm({
    publishableKey: PK,
    sessionUrl: '/api/order',
    apiBase: API,
    checkoutOrigin: CHECKOUT,
  });
  noDom();
  const open = /^<onramp-checkout\s[^>]*>/.exec(html)?.[0] ?? '';
  // Lit's defer-hydration: the browser's element waits for the form's parts (the hydrate entry).
  assert.match(open, /\sdefer-hydration[\s>]/);
  assert.match(open, /\ssession-url="\/api\/order"/);
  assert.match(open, /\sstatus="loading"/);
  assert.match(open, /\slocale="en"/);
  assert.doesNotMatch(open, /client-secret|fiat-currencies|wallet-address/);
  const { shadow, text, block } = parts(html);
  assert.match(shadow, /^<style>/);
  assert.match(shadow, /<form part="order-form" class="order" aria-label="Your order" method="dialog" novalidate/);
  for (const [id, label] of [
    ['amount', 'Amount'],
    ['crypto', 'Crypto'],
    ['network', 'Network'],
    ['wallet', 'Wallet address'],
  ])
    assert.match(shadow, new RegExp(`<label for="${id}">(<!--[^>]*-->)*${label}(<!--[^>]*-->)*</label>`), label);
  assert.equal(attributeOf(shadow, 'amount', 'value'), '100');
  assert.equal(attributeOf(shadow, 'fiat', 'aria-label'), 'Currency');
  assert.deepEqual(select(shadow, 'fiat'), { values: ['USD', 'EUR', 'GBP'], selected: 'USD' });
  assert.deepEqual(select(shadow, 'crypto'), { values: ['ETH', 'USDC', 'USDT', 'MATIC'], selected: 'ETH' });
  assert.deepEqual(select(shadow, 'network'), { values: ['ethereum', 'base'], selected: 'ethereum' });
  assert.equal(attributeOf(shadow, 'wallet', 'value'), '');
  assert.match(text, /Buy ETH Test mode Choose your amount/);
  assert.match(text, /\$50 \$100 \$250 \$500/);
  assert.match(shadow, /<section part="quote live-price" class="quote" aria-label="Live price" aria-busy="false">/);
  assert.match(text, /You receive \(estimated\) … Getting the price… Continue/);
  assert.deepEqual(block, { locale: 'en' });
});

test('amount first: the order attributes restrict and preset the form, and are written for the browser', async () => {
  const { renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampOrderForm({
    publishableKey: PK,
    sessionUrl: 'https://shop.example.test/api/order',
    fiatCurrencies: ['EUR', 'GBP'],
    cryptoCurrencies: ['USDC', 'MATIC', 'ETH'],
    networks: ['polygon'],
    fiatCurrency: 'GBP',
    cryptoCurrency: 'MATIC',
    fiatAmount: 2550,
    walletAddress: ` ${WALLET} `,
    theme: 'dark',
  });
  const open = /^<onramp-checkout\s[^>]*>/.exec(html)?.[0] ?? '';
  for (const [name, value] of [
    ['session-url', 'https://shop.example.test/api/order'],
    ['fiat-currencies', 'EUR,GBP'],
    ['crypto-currencies', 'USDC,MATIC,ETH'],
    ['networks', 'polygon'],
    ['fiat-currency', 'GBP'],
    ['crypto-currency', 'MATIC'],
    ['fiat-amount', '2550'],
    ['wallet-address', WALLET],
    ['theme', 'dark'],
  ] as const)
    assert.match(open, new RegExp(`\\s${name}="${value.replace(/[/.]/g, '\\$&')}"`), name);
  const { shadow, text } = parts(html);
  assert.deepEqual(select(shadow, 'fiat'), { values: ['EUR', 'GBP'], selected: 'GBP' });
  // ETH is never on polygon: not offered.
  assert.deepEqual(select(shadow, 'crypto'), { values: ['USDC', 'MATIC'], selected: 'MATIC' });
  assert.deepEqual(select(shadow, 'network'), { values: ['polygon'], selected: 'polygon' });
  assert.equal(attributeOf(shadow, 'amount', 'value'), '25.50');
  assert.match(text, /Buy MATIC/);
  assert.match(text, /£50 £100 £250 £500/);
  // The wallet given is shown, not asked.
  assert.doesNotMatch(shadow, /id="wallet"/);
  assert.match(shadow, /<dl part="wallet" class="fixed-wallet">/);
  assert.match(text, new RegExp(`To wallet ${WALLET}`));
});

test('amount first in German: its texts and number format, and the language handed over in the data block', async () => {
  const { renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const { default: de } = await import('../../src/i18n/locales/de.js');
  const { shadow, text, block } = parts(
    await renderOnrampOrderForm({ publishableKey: PK, sessionUrl: '/api/order', fiatAmount: 1250, locale: 'de-DE' }),
  );
  assert.match(shadow, /<div part="base" class="base" lang="de" dir="ltr">/);
  assert.match(text, /ETH kaufen/);
  assert.match(text, /Betrag/);
  assert.match(text, /Weiter/);
  assert.equal(attributeOf(shadow, 'amount', 'value'), '12,50');
  assert.deepEqual(block, { locale: 'de-DE', language: 'de', dir: 'ltr', messages: de });
});

test('amount first asks the API for nothing on the server: no request, no timer left running', async () => {
  const { renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const { QUOTE_DEBOUNCE_MS } = await import('../../src/core/order-quote-plan.js');
  const realFetch = globalThis.fetch;
  const asked: unknown[] = [];
  globalThis.fetch = (input: RequestInfo | URL) => {
    asked.push(input);
    return Promise.reject(new Error('no request from the server'));
  };
  try {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    await renderOnrampOrderForm({ publishableKey: PK, sessionUrl: '/api/order', apiBase: API });
    assert.equal(timers(), before);
    await new Promise((resolve) => setTimeout(resolve, QUOTE_DEBOUNCE_MS + 200));
    assert.deepEqual(asked, []);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('amount first is refused before anything is written: a secret key, a session, a session-url that is no path or http(s) URL, values the API does not know', async () => {
  const { renderOnrampCheckout, renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const form = { publishableKey: PK, sessionUrl: '/api/order' };
  await assert.rejects(renderOnrampOrderForm({ ...form, publishableKey: SECRET_KEY }), (error: Error) => {
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /SECRET_KEY_REFUSED/);
    assert.doesNotMatch(error.message, new RegExp(SECRET_KEY));
    return true;
  });
  await assert.rejects(renderOnrampOrderForm({ ...form, publishableKey: 'nope' }), /INVALID_PUBLISHABLE_KEY/);
  await assert.rejects(
    renderOnrampOrderForm({ ...form, session: freshSession() } as never),
    /a session is drawn by renderOnrampCheckout/,
  );
  for (const sessionUrl of ['', '  ', 'javascript:alert(1)', 'data:,x', 'http://[::1'])
    await assert.rejects(renderOnrampOrderForm({ ...form, sessionUrl }), /sessionUrl must be a path/, sessionUrl);
  await assert.rejects(renderOnrampOrderForm({ ...form, fiatCurrencies: ['JPY'] as never }), /fiatCurrencies "JPY"/);
  await assert.rejects(
    renderOnrampOrderForm({ ...form, fiatCurrencies: [] }),
    /fiatCurrencies \[\] is not a non-empty list/,
  );
  await assert.rejects(renderOnrampOrderForm({ ...form, network: 'solana' as never }), /network "solana"/);
  for (const fiatAmount of [0, -100, 12.5, Number.NaN])
    await assert.rejects(renderOnrampOrderForm({ ...form, fiatAmount }), /fiatAmount/, String(fiatAmount));
  await assert.rejects(
    renderOnrampOrderForm({ ...form, publishableKey: 'onramp_live_pk_abcdefghijklmnop1234' }),
    /apiBase is required/,
  );
  await assert.rejects(
    renderOnrampOrderForm({ ...form, apiBase: 'http://api.example.test' }),
    /apiBase must be an https URL/,
  );
  // The session-first renderer says where amount first is.
  await assert.rejects(
    renderOnrampCheckout({ ...form } as never),
    /amount first \(sessionUrl, no session\) is renderOnrampOrderForm/,
  );
});

test('amount first with serverRender false: the element and its data block, no shadow root, nothing deferred', async () => {
  const { renderOnrampOrderForm } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampOrderForm({ publishableKey: PK, sessionUrl: '/api/order', serverRender: false });
  assert.doesNotMatch(html, /<template|defer-hydration/);
  assert.match(
    html,
    /<onramp-checkout [^>]*session-url="\/api\/order"[^>]*><script type="application\/json">\{"locale":"en"\}/,
  );
});
