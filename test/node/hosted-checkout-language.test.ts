/**
 * The hosted checkout in the buyer's language: the `locale` query, else `Accept-Language`, English
 * last; `<html lang dir>`; what reads left to right isolated on a right-to-left page; the language
 * kept through the card form and its redirect; and, for every registry language whose catalogue
 * (demo/hosted-checkout/locales/<code>.ts) exists, each state's page in that catalogue's texts with
 * no English left.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { formatFiat } from '../../src/format/format.js';
import { LANGUAGES, type LanguageEntry, languageEntry } from '../../src/i18n/languages.js';
import type { PluralText } from '../../demo/hosted-checkout/checkout-catalogue.js';
import { escapeHtml } from '../../demo/hosted-checkout/escape.js';
import { checkoutScript } from '../../demo/hosted-checkout/script.js';
import english from '../../demo/hosted-checkout/locales/en.js';
import { type TestSandbox, WALLET, expectData, sessionBody, startTestSandbox } from '../sandbox/helpers.js';
import { type Key, assertNoEnglish, assertShows, catalogueOf, hasCatalogue } from './support/checkout-page-texts.js';

/** The texts the page's script gets, from its data block. */
function scriptTexts(page: string): { code: string; locale: string; dir: string; texts: Record<string, unknown> } {
  const block = /<script type="application\/json" id="checkout-texts">([^<]*)<\/script>/.exec(page)?.[1];
  assert.ok(block, 'a texts block');
  return JSON.parse(block) as { code: string; locale: string; dir: string; texts: Record<string, unknown> };
}

const SCRIPT_KEYS: readonly Key[] = [
  'processingButton',
  'returnNow',
  'canCloseNow',
  'closeWindow',
  'keepOpen',
  'closesIn',
  'returningIn',
  'staysOpen',
  'staying',
];

const STATES = ['pending', 'processing', 'completed', 'failed', 'expired'] as const;
type State = (typeof STATES)[number];

/** The texts each state's page of its own shows (test mode, a return_url). */
const COMMON: readonly Key[] = [
  'checkout',
  'testMode',
  'testNotice',
  'pageTitle',
  'network',
  'wallet',
  'rate',
  'platformFee',
  'networkFee',
  'processingFee',
  'totalFees',
  'backLink',
];
const WAY_BACK: readonly Key[] = ['backToMerchantLabel', 'orderIsOn', 'returnNow', 'stay'];
/** The way back to an app's own scheme (`myapp://…`): the app, no site's name. */
const WAY_BACK_TO_APP: readonly Key[] = ['backToApp', 'returnNow', 'stay'];
const SHOWN: Readonly<Record<State, readonly Key[]>> = {
  pending: [
    ...COMMON,
    'youReceiveAbout',
    'deadlines',
    'cardNumber',
    'cardExpiry',
    'cardCvc',
    'cardName',
    'expiryPlaceholder',
    'pay',
    'finePrint',
  ],
  processing: [...COMMON, ...WAY_BACK, 'youReceiveAbout', 'processingTitle', 'processingBody'],
  completed: [...COMMON, ...WAY_BACK, 'youReceived', 'completedTitle', 'completedBody', 'txHash'],
  failed: [...COMMON, ...WAY_BACK, 'youReceiveAbout', 'failedTitle', 'failure.other', 'failedNext'],
  expired: [...COMMON, 'youReceiveAbout', 'expiredTitle', 'expiredBody'],
};

const canonical = (code: string): string => Intl.getCanonicalLocales(code)[0] ?? code;

let t: TestSandbox;
before(async () => {
  t = await startTestSandbox({ deliveryMs: 60_000, merchantOrigins: ['https://shop.example'] });
});
after(() => t.close());

async function newSession(to: readonly string[] = [], returnUrl = 'https://shop.example/back'): Promise<string> {
  const created = expectData(
    await t.call('POST', '/v1/onramp', { body: sessionBody({ return_url: returnUrl }) }),
    createdSessionSchema,
    201,
  );
  for (const status of to) {
    const advanced = await t.call('POST', '/v1/test_helpers/onramp/advance', {
      body: { session_id: created.session_id, to: status },
    });
    assert.equal(advanced.status, 200, advanced.text);
  }
  return created.redirect_url;
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const withLocale = (url: string, locale: string) => `${url}&locale=${encodeURIComponent(locale)}`;
const htmlOpening = (page: string) => /<html lang="([^"]*)" dir="([^"]*)">/.exec(page)?.slice(1) ?? [];

function post(redirectUrl: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL(redirectUrl);
  const body = new URLSearchParams({ t: url.searchParams.get('t') ?? '', ...fields });
  return fetch(`${url.origin}${url.pathname}`, { method: 'POST', body, headers, redirect: 'manual' });
}

const card = (number: string) => ({ card_number: number, card_expiry: '12/34', card_cvc: '123', card_name: '' });

describe('the hosted checkout’s language', () => {
  it('?locale=pt-BR: Portuguese, lang="pt-BR"', { skip: !hasCatalogue('pt-BR') }, async () => {
    const portuguese = await catalogueOf('pt-BR');
    const page = await (await get(withLocale(await newSession(), 'pt-BR'), { 'Accept-Language': 'de' })).text();
    assert.deepEqual(htmlOpening(page), ['pt-BR', 'ltr']);
    assertShows(page, portuguese, SHOWN.pending, 'pt-BR');
    assertNoEnglish(page, portuguese, 'pt-BR');
    // Money as a Brazilian reads it.
    assert.ok(page.includes(escapeHtml(formatFiat(10000, 'USD', 'pt-BR'))));
    assert.match(page, /<input type="hidden" name="locale" value="pt-BR">/);
  });

  it(
    'he: right to left, the amounts, the wallet and the test card isolated left to right',
    { skip: !hasCatalogue('he') },
    async () => {
      const hebrew = await catalogueOf('he');
      const page = await (await get(withLocale(await newSession(), 'he'))).text();
      assert.deepEqual(htmlOpening(page), ['he', 'rtl']);
      assertShows(page, hebrew, ['cardNumber', 'wallet'], 'he');
      const amount = formatFiat(10000, 'USD', 'he').replace(/[\u200e\u200f\u061c]/g, '');
      assert.ok(
        page.includes(`<h1 id="summary-title" class="amount"><bdi dir="ltr">${escapeHtml(amount)}</bdi></h1>`),
        'the amount is isolated left to right',
      );
      assert.ok(page.includes(`<bdi dir="ltr">${WALLET}</bdi>`), 'the wallet too');
      assert.ok(page.includes('<strong><bdi dir="ltr">4242 4242 4242 4242</bdi></strong>'), 'the test card too');
      assert.match(page, /<input id="card_number" name="card_number" type="text" dir="ltr"/);
      // The back link's arrow points back: to the right.
      const back = /data-back-link>([^<]*)</.exec(page)?.[1] ?? '';
      assert.ok(back.includes('→') && !back.includes('←'), back);
      // The amount in the pay button too, and the tab's title in Unicode isolates.
      assert.match(page, /data-pay-button>[^<]*<bdi dir="ltr">/);
      assert.ok(page.includes(`\u2066${escapeHtml(amount)}\u2069`));
    },
  );

  it('English pages stay as they were: lang="en", no isolation, the arrow to the left', async () => {
    const page = await (await get(await newSession())).text();
    assert.deepEqual(htmlOpening(page), ['en', 'ltr']);
    assert.doesNotMatch(page, /<bdi/);
    assert.match(page, /data-back-link>← Back to merchant</);
    assertShows(page, english, SHOWN.pending, 'en');
  });

  it('Accept-Language es-MX,es;q=0.9 with no query: Latin American Spanish if its catalogue exists, else Spain’s', async () => {
    const code = hasCatalogue('es-419') ? 'es-419' : hasCatalogue('es') ? 'es' : 'en';
    const spanish = await catalogueOf(code);
    const page = await (await get(await newSession(), { 'Accept-Language': 'es-MX,es;q=0.9' })).text();
    assert.deepEqual(htmlOpening(page), code === 'en' ? ['en', 'ltr'] : ['es-MX', 'ltr']);
    assertShows(page, spanish, SHOWN.pending, code);
    assert.equal(scriptTexts(page).code, code);
    // No query, no hidden field: the next request says its Accept-Language again.
    assert.doesNotMatch(page, /name="locale"/);
  });

  it(
    'ignores a locale query that is not a tag, and one no catalogue serves, for Accept-Language',
    { skip: !hasCatalogue('pt-BR') },
    async () => {
      const url = await newSession();
      for (const locale of ['not a tag!', 'x', 'en_US<script>', 'tlh']) {
        const page = await (await get(withLocale(url, locale), { 'Accept-Language': 'pt-BR' })).text();
        assert.deepEqual(htmlOpening(page), ['pt-BR', 'ltr'], locale);
      }
    },
  );

  it(
    'keeps the language through the card form: its errors, and the redirect after paying',
    { skip: !hasCatalogue('pt-BR') },
    async () => {
      const portuguese = await catalogueOf('pt-BR');
      const url = await newSession();
      const refused = await post(url, { ...card('4242 4242 4242 4241'), locale: 'pt-BR' }, { 'Accept-Language': 'en' });
      assert.equal(refused.status, 400);
      const page = await refused.text();
      assert.deepEqual(htmlOpening(page), ['pt-BR', 'ltr']);
      assertShows(page, portuguese, ['cardError.numberInvalid', 'cardNumber', 'pay'], 'pt-BR errors');
      // One field refused: the alert's heading in the form Portuguese uses for 1.
      const checkFields = portuguese.checkFields as PluralText;
      const heading = (checkFields[new Intl.PluralRules('pt-BR').select(1)] ?? checkFields.other).replace(
        '{count}',
        '1',
      );
      assert.ok(page.includes(`<strong>${escapeHtml(heading)}</strong>`), heading);
      assertNoEnglish(page, portuguese, 'pt-BR errors');
      assert.match(page, /<input type="hidden" name="locale" value="pt-BR">/);

      const paid = await post(url, { ...card('4242 4242 4242 4242'), locale: 'pt-BR' });
      assert.equal(paid.status, 303);
      const location = new URL(paid.headers.get('Location') ?? '', url);
      assert.equal(location.searchParams.get('locale'), 'pt-BR');
      const processing = await (await get(location.href, { 'Accept-Language': 'en' })).text();
      assert.deepEqual(htmlOpening(processing), ['pt-BR', 'ltr']);
      assertShows(processing, portuguese, SHOWN.processing, 'pt-BR after paying');
    },
  );

  it('without a locale, the form’s page follows Accept-Language', { skip: !hasCatalogue('he') }, async () => {
    const refused = await post(await newSession(), card(''), { 'Accept-Language': 'he-IL' });
    assert.equal(refused.status, 400);
    assert.deepEqual(htmlOpening(await refused.text()), ['he-IL', 'rtl']);
  });

  it('error pages: the locale query, else Accept-Language', { skip: !hasCatalogue('pt-BR') }, async () => {
    const portuguese = await catalogueOf('pt-BR');
    const base = t.sandbox.checkoutUrl;
    const byQuery = await get(`${base}/pay/nope?t=x&locale=pt-BR`, { 'Accept-Language': 'de' });
    assert.equal(byQuery.status, 404);
    const page = await byQuery.text();
    assert.deepEqual(htmlOpening(page), ['pt-BR', 'ltr']);
    assertShows(page, portuguese, ['notFoundTitle', 'notFoundHeading', 'notFoundBody'], 'pt-BR not found');
    const byHeader = await (await get(`${base}/elsewhere`, { 'Accept-Language': 'pt-BR' })).text();
    assert.deepEqual(htmlOpening(byHeader), ['pt-BR', 'ltr']);
    const tooLarge = await fetch(`${base}/pay/ors_abcdefghijklmnop1234`, {
      method: 'POST',
      body: new URLSearchParams({ card_name: 'x'.repeat(20_000) }),
      headers: { 'Accept-Language': 'pt-BR' },
    });
    assert.equal(tooLarge.status, 413);
    const large = await tooLarge.text();
    assert.deepEqual(htmlOpening(large), ['pt-BR', 'ltr']);
    assertShows(large, portuguese, ['tooLargeHeading', 'tooLargeBody'], 'pt-BR too large');
  });
});

/**
 * Runs the page's script in a stand-in of a page of its own with the way back panel and the card
 * form, the texts block `block`: what it wrote in the panel's note and the pay button.
 */
function runScript(block: string) {
  const listeners = new Map<string, () => void>();
  const element = (attrs: Record<string, string> = {}, children: Record<string, unknown> = {}) => ({
    textContent: '',
    hidden: true,
    href: 'https://shop.example/back',
    getAttribute: (name: string) => attrs[name] ?? null,
    setAttribute: () => undefined,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    querySelector: (selector: string) => children[selector] ?? null,
    getBoundingClientRect: () => ({ height: 600 }),
  });
  const note = element();
  const button = element();
  const panel = element(
    { 'data-return-host': 'shop.example', 'data-return-after': '5' },
    { '[data-way-back-note]': note, '[data-return-now]': element(), '[data-stay]': element() },
  );
  const form = element({}, { '[data-pay-button]': button });
  const window: Record<string, unknown> = {
    opener: null,
    setInterval: () => 1,
    clearInterval: () => undefined,
    setTimeout: () => 1,
    sessionStorage: { getItem: () => null, setItem: () => undefined },
  };
  window.parent = window;
  const document = {
    body: element({ 'data-status': 'processing', 'data-surface': 'window' }),
    hidden: false,
    getElementById: (id: string) => (id === 'checkout-texts' ? { textContent: block } : null),
    querySelector: (selector: string) =>
      selector === '[data-way-back]' ? panel : selector === '[data-pay-form]' ? form : null,
    querySelectorAll: () => [],
  };
  runInNewContext(checkoutScript(), { window, document, fetch: () => new Promise(() => {}) });
  listeners.get('submit')?.();
  return { note: note.textContent, button: button.textContent };
}

describe('the page’s script writes in the page’s language', () => {
  for (const code of ['en', 'ru', 'he', 'ar', 'pl']) {
    it(`${code}: the countdown (its plural form for 5) and "Processing…"`, { skip: !hasCatalogue(code) }, async () => {
      const catalogue = await catalogueOf(code);
      const url = await newSession(['processing']);
      const page = await (await get(withLocale(url, code))).text();
      const block = /<script type="application\/json" id="checkout-texts">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
      const written = runScript(block);
      const returningIn = catalogue.returningIn as PluralText;
      const host = languageEntry(code)?.dir === 'rtl' ? '\u2066shop.example\u2069' : 'shop.example';
      const five = new Intl.NumberFormat(Intl.getCanonicalLocales(code)[0]).format(5);
      assert.equal(
        written.note,
        (returningIn[new Intl.PluralRules(code).select(5)] ?? returningIn.other)
          .replace('{host}', host)
          .replace('{count}', five),
      );
      assert.equal(written.button, catalogue.processingButton);
    });
  }
});

describe('every language with a catalogue', () => {
  const sessions = new Map<State, string>();
  /** Sessions returning to an app's own scheme, in the states that show the way back. */
  const toApp = new Map<'processing' | 'completed' | 'failed', string>();
  before(async () => {
    sessions.set('pending', await newSession());
    sessions.set('processing', await newSession(['processing']));
    sessions.set('completed', await newSession(['processing', 'completed']));
    sessions.set('failed', await newSession(['failed']));
    sessions.set('expired', await newSession(['expired']));
    toApp.set('processing', await newSession(['processing'], 'myapp://onramp/done'));
    toApp.set('completed', await newSession(['processing', 'completed'], 'myapp://onramp/done'));
    toApp.set('failed', await newSession(['failed'], 'myapp://onramp/done'));
  });

  const languages: LanguageEntry[] = LANGUAGES.filter((entry) => hasCatalogue(entry.code));
  it('has catalogues to check', () => assert.ok(languages.length > 0));

  for (const entry of languages) {
    it(`${entry.code}: every state's page in its texts, ${entry.dir}, no English left`, async () => {
      const catalogue = await catalogueOf(entry.code);
      for (const state of STATES) {
        const url = sessions.get(state);
        assert.ok(url);
        const page = await (await get(withLocale(url, entry.code), { 'Accept-Language': 'en' })).text();
        const what = `${entry.code} ${state}`;
        assert.deepEqual(htmlOpening(page), [canonical(entry.code), entry.dir], what);
        assert.match(page, new RegExp(`data-status="${state}"`), what);
        assertShows(page, catalogue, SHOWN[state], what);
        if (entry.code !== 'en') assertNoEnglish(page, catalogue, what);
        const block = scriptTexts(page);
        assert.equal(block.code, entry.code, what);
        assert.equal(block.dir, entry.dir, what);
        for (const key of SCRIPT_KEYS) assert.deepEqual(block.texts[key], catalogue[key], `${what}: ${key}`);
      }
      // Back to an app: "Back to the app" in place of the site's name.
      for (const [state, url] of toApp) {
        const page = await (await get(withLocale(url, entry.code), { 'Accept-Language': 'en' })).text();
        const what = `${entry.code} ${state}, back to an app`;
        // "← Back to the app" under the checkout too, in place of "← Back to merchant".
        const shown = [
          ...SHOWN[state].filter((key) => !WAY_BACK.includes(key) && key !== 'backLink'),
          ...WAY_BACK_TO_APP,
        ];
        assertShows(page, catalogue, shown, what);
        assert.ok(!page.includes('data-return-host'), `${what}: no host named`);
        if (entry.code !== 'en') assertNoEnglish(page, catalogue, what);
      }
      // In the widget's frame: the one-line summary over the form.
      const framed = await (
        await get(withLocale(sessions.get('pending') ?? '', entry.code), { 'Sec-Fetch-Dest': 'iframe' })
      ).text();
      assertShows(framed, catalogue, ['frameSummary', 'cardNumber', 'pay'], `${entry.code} frame`);
      if (entry.code !== 'en') assertNoEnglish(framed, catalogue, `${entry.code} frame`);
    });
  }
});
