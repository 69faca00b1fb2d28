/**
 * The server entry (`onramp-checkout/ssr`) in plain Node, no DOM: what the HTML carries before any
 * script runs. That the browser hydrates it (the built renderer and the built script) is
 * test/e2e/ssr.e2e.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { createdSession, PK, SECRET_KEY } from '../support/fake-onramp-api.js';

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

test('the published style hash is the hash of the stylesheet the server writes', async () => {
  const { renderOnrampCheckout, ONRAMP_CHECKOUT_STYLE_HASH } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampCheckout({ session: freshSession(), publishableKey: PK });
  const styles = [...html.matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]!);
  assert.equal(styles.length, 1);
  assert.equal(ONRAMP_CHECKOUT_STYLE_HASH, `sha256-${createHash('sha256').update(styles[0]!).digest('base64')}`);
});

test('serverRender false: the element and its data block, no shadow root', async () => {
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  const html = await renderOnrampCheckout({ session: freshSession(), publishableKey: PK, serverRender: false });
  assert.doesNotMatch(html, /<template/);
  assert.match(html, /<onramp-checkout [^>]*status="pending"[^>]*><script type="application\/json">\{"session":/);
});
