/// <reference types="node" />
/**
 * `onramp-checkout/ssr`: the element rendered on the merchant's server, so the order is on screen
 * before any script runs. Lit's own server renderer (`@lit-labs/ssr`) writes the element with its
 * shadow root as declarative shadow DOM, in the buyer's language, with its `status`, and a data
 * block child carrying the session (and the language's texts) for the browser, where
 * `onramp-checkout/hydrate` (or `onramp-checkout.hydrate.iife.js`) takes over the same nodes.
 * Session first (`renderOnrampCheckout`: the order of a session the server created) or amount first
 * (`renderOnrampOrderForm`: the order form, before any session).
 *
 * Published built (`dist/ssr.js`) in the same build as `define`, `hydrate` and the package entry, so
 * a server that loads several of them (a framework rendering a client component that imports
 * `onramp-checkout/define` beside a server component that calls this) holds one element class, and
 * through the same template minifier as the browser files, so hydration accepts the server's DOM.
 */
import { createHash } from 'node:crypto';
import { html, LitElementRenderer, render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { nothing, type CSSResult, type TemplateResult } from 'lit';
import { OnrampCheckout, type OnrampTheme } from '../components/onramp-checkout/onramp-checkout.js';
import type { SessionDataBlock } from '../components/onramp-checkout/session-data-block.js';
import type { OnrampCheckoutMode } from '../controllers/hosted-checkout-controller.js';
import { checkCredentials, credentialsProblem, normalizeOrigin } from '../core/config.js';
import { widgetError } from '../core/widget-error.js';
import { parseApiKey } from '../contract/credentials.js';
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  NETWORKS,
  type CryptoCurrency,
  type FiatCurrency,
  type Network,
} from '../contract/product.js';
import { sessionInputRead, type SessionInputRead as OnrampSessionInput } from '../contract/read/session.js';
import { defineOnrampCheckout, TAG_NAME } from '../define.js';
import { loadMessages, provideMessages, wantedKey } from '../i18n/catalogue.js';
import { negotiate } from '../i18n/negotiate.js';
import { jsonForScriptElement } from './json-for-script.js';
import * as later from '../parts/later/later-part.js';
import * as order from '../parts/order/order-part.js';
import { ORDER_FORM_CSS } from '../parts/order/order-form.styles.js';
import { RESULT_CSS } from '../parts/later/result.styles.js';

import { loaded } from '../parts/parts.js';

/** The parts' own styles (the order form's, the final screens'), which a browser adopts with the parts. */
const PART_CSS = ORDER_FORM_CSS + RESULT_CSS;

// A server draws every screen at once: what a browser loads after the first paint (the final
// screens, amount first's order form) is here already, and the element attaches it before its render.
loaded.later ??= later;
loaded.order ??= order;

export { jsonForScriptElement };

// Into the DOM shim's registry, which `@lit-labs/ssr` instantiates elements from.
defineOnrampCheckout();

export interface OnrampRenderOptions {
  /**
   * The session creation response your server just received (`data` of `POST /v1/onramp`),
   * optionally with the request's `fiat_amount`, `fiat_currency`, `crypto_currency`, `network`,
   * `wallet_address`, as the element's `session` property takes it.
   */
  session: OnrampSessionInput | Record<string, unknown>;
  /** Publishable key (`…_pk_…`). A secret key is refused: it would be written into the page. */
  publishableKey: string;
  /**
   * API base URL, ending before `/v1` (the element's `api-base`). Required with a live key; a test
   * key without it works only on a loopback page (the local sandbox's address).
   */
  apiBase?: string;
  /** The hosted checkout's origin (`checkout-origin`); required like `apiBase`. */
  checkoutOrigin?: string;
  mode?: OnrampCheckoutMode;
  /** The buyer's BCP 47 locale; written as `locale`, so server and browser agree. Default `en`. */
  locale?: string;
  theme?: OnrampTheme;
  /**
   * `false` writes the element and its data block only, no shadow root: the page's default script
   * renders it in the browser from the same session, with no request. Default `true`.
   */
  serverRender?: boolean;
}

/** @deprecated use `OnrampRenderOptions` (the name before every public type took the `Onramp` prefix; kept for one minor release) */
export type RenderOnrampCheckoutOptions = OnrampRenderOptions;

/**
 * What `renderOnrampOrderForm` draws: amount first, the element with `session-url` and no client
 * secret, whose card starts with the order form. The options of `renderOnrampCheckout` but the
 * session, and the order attributes, written as the element's attributes (docs/reference.md, "Amount
 * first"): they restrict and preset what the buyer may choose.
 */
export interface OnrampOrderFormRenderOptions extends Omit<OnrampRenderOptions, 'session'> {
  /**
   * Your endpoint that creates the session (`session-url`): "Continue" POSTs the order to it as JSON
   * (credentials `same-origin`) and reads the session creation response. A path of your site
   * (`/api/order`) or an absolute http(s) URL; `onramp-checkout/server`'s `createOrderHandler` is one.
   */
  sessionUrl: string;
  /** Not here: a session is drawn by `renderOnrampCheckout`. */
  session?: never;
  /** The fiat currencies offered (`fiat-currencies`); default all. */
  fiatCurrencies?: readonly FiatCurrency[];
  /** The assets offered (`crypto-currencies`); default all. */
  cryptoCurrencies?: readonly CryptoCurrency[];
  /** The networks offered (`networks`); only pairs the API allows. Default all. */
  networks?: readonly Network[];
  /** The fiat currency chosen at first (`fiat-currency`). */
  fiatCurrency?: FiatCurrency;
  /** The asset chosen at first (`crypto-currency`). */
  cryptoCurrency?: CryptoCurrency;
  /** The network chosen at first (`network`). */
  network?: Network;
  /** The amount at first, in minor units of the fiat currency (`fiat-amount`); default 10000. */
  fiatAmount?: number;
  /** The buyer's wallet (`wallet-address`): shown, not asked (else a field checks what the buyer types). */
  walletAddress?: string;
}

/**
 * The `<style>` the server writes into the shadow root: the element's stylesheet as `@lit-labs/ssr`
 * writes it, then the order form's (which the browser's `order` part adopts as a constructed
 * stylesheet), so one hash allows both renders.
 */
const styleText = (): string =>
  (OnrampCheckout.elementStyles as CSSResult[]).map((style) => style.cssText).join('') + PART_CSS;

/**
 * The CSP hash of the server-rendered stylesheet, `sha256-…` (no quotes), the same for
 * `renderOnrampCheckout` and `renderOnrampOrderForm`: add it, quoted, to `style-src` of pages that
 * server-render the widget (`style-src 'self' 'sha256-…'`). Also printed by `npm run build` and
 * `npm run size`.
 */
export const ONRAMP_CHECKOUT_STYLE_HASH = `sha256-${createHash('sha256').update(styleText()).digest('base64')}`;

/**
 * The locale as `Intl` canonicalises it, English for none or a malformed one: written as it is, so
 * the browser resolves the same one (a malformed tag would make it fall back to the browser's languages).
 */
function canonicalLocale(tag: string | undefined): string {
  try {
    return (tag && Intl.getCanonicalLocales(tag.trim())[0]) || 'en';
  } catch {
    return 'en';
  }
}

/**
 * How `@lit-labs/ssr` renders this element for one page: with the session set as the `session`
 * property (a server-only template binds attributes only), writing the `status` attribute the
 * element reflects in the browser after each update, and with or without its shadow root, whose
 * stylesheet carries the order form's too (`styleText`).
 *
 * It renders this module's own class, whatever the server's registry holds under the tag: a
 * framework's bundler may load another copy of the package on the same server (Next.js bundles
 * client components apart from server components), and that copy's class, defined first, would
 * otherwise be matched by no renderer and written without its shadow root.
 */
function rendererFor(session: OnrampSessionInput | undefined, shadow: boolean): typeof LitElementRenderer {
  return class OnrampCheckoutRenderer extends LitElementRenderer {
    static override matchesClass(_ctor: typeof HTMLElement, tagName?: string): boolean {
      return tagName === TAG_NAME;
    }

    constructor(tagName: string) {
      super(tagName);
      // Finalised (its attributes mapped to properties) as defining it would, when it was not.
      // eslint-disable-next-line @typescript-eslint/no-meaningless-void-operator -- the getter runs for its side effect
      void OnrampCheckout.observedAttributes;
      const element = new OnrampCheckout();
      if (session) element.session = session;
      this.element = element;
    }

    override connectedCallback(): void {
      super.connectedCallback();
      const element = this.element as unknown as OnrampCheckout;
      element.setAttribute('status', element.status);
    }

    override renderShadow(
      renderInfo: Parameters<LitElementRenderer['renderShadow']>[0],
    ): ReturnType<LitElementRenderer['renderShadow']> {
      if (!shadow) return undefined;
      // Lit's `<style>`, its element's stylesheet, `</style>`, then the template: the order form's
      // stylesheet goes in before `</style>` (one element, one hash; the test checks the hash).
      const result = super.renderShadow(renderInfo);
      const end = Array.isArray(result) ? result.indexOf('</style>') : -1;
      if (end < 0) throw new Error('onramp-checkout/ssr: @lit-labs/ssr wrote no <style> for the element');
      (result as unknown[]).splice(end, 0, PART_CSS);
      return result;
    }
  };
}

/**
 * Checks `apiBase` and `checkoutOrigin` as the element would, before anything is written: https (or
 * http on localhost), and given with a live key.
 */
function checkOrigins(
  caller: string,
  options: Pick<OnrampRenderOptions, 'apiBase' | 'checkoutOrigin'>,
  environment: 'live' | 'test',
): void {
  for (const [name, value] of [
    ['apiBase', options.apiBase],
    ['checkoutOrigin', options.checkoutOrigin],
  ] as const) {
    if (value !== undefined && !normalizeOrigin(value))
      throw new TypeError(`${caller}: ${name} must be an https URL (or http on localhost)`);
    // The package ships no address: only a test key on a loopback page may do without (the sandbox's).
    if (value === undefined && environment === 'live')
      throw new TypeError(`${caller}: ${name} is required (the provider's address; docs/troubleshooting.md)`);
  }
}

/**
 * The registry's language for the locale (English for one it has not), written as the element's
 * `locale` with its catalogue in the data block, so server and browser agree; its texts are provided
 * to the server's element too.
 */
async function language(requested: string | undefined): Promise<{ locale: string; block: SessionDataBlock }> {
  const { entry, locale } = negotiate([canonicalLocale(requested)]);
  const block: SessionDataBlock = { locale };
  if (entry.code !== 'en') {
    const choice = { locale, language: entry.code, dir: entry.dir };
    const messages = await loadMessages(entry.code);
    provideMessages(choice, messages, wantedKey([locale], null));
    Object.assign(block, choice, { messages });
  }
  return { locale, block };
}

/** The element of `template` rendered (with its shadow root when `shadow`), and its data block as its last child. */
async function renderElement(
  template: TemplateResult,
  session: OnrampSessionInput | undefined,
  block: SessionDataBlock,
  shadow: boolean,
): Promise<string> {
  const dataBlock = `<script type="application/json">${jsonForScriptElement(block)}</script>`;
  const element = await collectResult(render(template, { elementRenderers: [rendererFor(session, shadow)] }));
  // The data block is the element's last child, after its shadow root: set in as the escaped text it
  // is (no template binding can hold a script element's content, and no markup comes from data).
  const end = element.lastIndexOf('</onramp-checkout>');
  return `${element.slice(0, end)}${dataBlock}${element.slice(end)}`;
}

const optional = (value: string | undefined) => value ?? nothing;

/** The scheme a URL or path resolves to on a page of the merchant's (`''`: not a URL at all). */
function protocolOf(value: string): string {
  try {
    return new URL(value, 'https://merchant.invalid/').protocol;
  } catch {
    return '';
  }
}

/**
 * The element's HTML: `<onramp-checkout …>` with its declarative shadow root (the order, fees and
 * countdowns as the buyer will see them), `status`, and the data block. Put it in your page as it
 * is and load `onramp-checkout.hydrate.iife.js` (or import `onramp-checkout/hydrate`) with `defer`.
 * For amount first (no session yet: the order form), `renderOnrampOrderForm`.
 *
 * @throws TypeError when `session` is not a session creation response, the key is not a
 *   publishable key (nothing is written for a secret key), or `apiBase` or `checkoutOrigin` is not
 *   https (or http on localhost), or is missing with a live key.
 */
export async function renderOnrampCheckout(options: OnrampRenderOptions): Promise<string> {
  const parsed = sessionInputRead.safeParse(options.session);
  if (!parsed.success)
    throw new TypeError(
      `renderOnrampCheckout: session is not a session creation response (${parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')})${'sessionUrl' in options ? '; amount first (sessionUrl, no session) is renderOnrampOrderForm' : ''}`,
    );
  const session = parsed.data;
  // The reading schema leaves the secret out (in the browser it is the `client-secret` attribute).
  const secret: unknown = (options.session as { client_secret?: unknown }).client_secret;
  const clientSecret = typeof secret === 'string' ? secret : '';
  const credentials = checkCredentials(options.publishableKey, clientSecret);
  if (!credentials.ok)
    throw new TypeError(`renderOnrampCheckout: ${credentials.error.code}: ${credentials.error.message}`);
  // Else the element would silently draw a skeleton and fetch: a server bug said here, at once.
  if (session.session_id !== credentials.value.sessionId)
    throw new TypeError('renderOnrampCheckout: session_id is not the session of client_secret');
  checkOrigins('renderOnrampCheckout', options, credentials.value.environment);
  const { locale, block } = await language(options.locale);
  const template = html`<onramp-checkout publishable-key=${options.publishableKey} client-secret=${clientSecret} api-base=${optional(options.apiBase)} checkout-origin=${optional(options.checkoutOrigin)} mode=${optional(options.mode)} locale=${locale} theme=${optional(options.theme)}></onramp-checkout>`;
  return renderElement(template, session, { session, ...block }, options.serverRender !== false);
}

/** Each order option with what it may hold, checked before anything is written. */
function orderAttributes(options: OnrampOrderFormRenderOptions): Record<string, string | undefined> {
  const fail = (name: string, value: unknown, what: string): never => {
    throw new TypeError(`renderOnrampOrderForm: ${name} ${JSON.stringify(value)} is not ${what}`);
  };
  const list = <T extends string>(name: string, values: readonly T[] | undefined, all: readonly T[]) => {
    if (values === undefined) return undefined;
    const given: unknown = values;
    if (!Array.isArray(given) || !given.length) fail(name, values, `a non-empty list of ${all.join(', ')}`);
    for (const value of values) if (!all.includes(value)) fail(name, value, `one of ${all.join(', ')}`);
    return values.join(',');
  };
  const one = <T extends string>(name: string, value: T | undefined, all: readonly T[]) =>
    value === undefined || all.includes(value) ? value : fail(name, value, `one of ${all.join(', ')}`);
  const { fiatAmount, walletAddress } = options;
  if (fiatAmount !== undefined && !(Number.isSafeInteger(fiatAmount) && fiatAmount > 0))
    fail('fiatAmount', fiatAmount, 'a whole number of minor units (cents) above 0');
  if (walletAddress !== undefined && (typeof walletAddress !== 'string' || !walletAddress.trim()))
    fail('walletAddress', walletAddress, 'an address');
  return {
    'fiat-currencies': list('fiatCurrencies', options.fiatCurrencies, FIAT_CURRENCIES),
    'crypto-currencies': list('cryptoCurrencies', options.cryptoCurrencies, CRYPTO_CURRENCIES),
    networks: list('networks', options.networks, NETWORKS),
    'fiat-currency': one('fiatCurrency', options.fiatCurrency, FIAT_CURRENCIES),
    'crypto-currency': one('cryptoCurrency', options.cryptoCurrency, CRYPTO_CURRENCIES),
    network: one('network', options.network, NETWORKS),
    'fiat-amount': fiatAmount === undefined ? undefined : String(fiatAmount),
    'wallet-address': walletAddress?.trim(),
  };
}

/**
 * Amount first on the server: the element with `session-url` and no client secret, its declarative
 * shadow root holding the order form as the buyer first sees it (the amount, currencies, asset,
 * network and wallet the options allow and preset, and the price "being fetched": the server asks
 * for none), and the data block with the buyer's language. Put it in your page as it is and load
 * `onramp-checkout.hydrate.iife.js` (or import `onramp-checkout/hydrate`) with `defer`: the element
 * is written with Lit's `defer-hydration`, so it waits for the form's parts, then takes over the
 * server's nodes and asks for the price; "Continue" POSTs the order to `sessionUrl` as in the
 * browser-rendered element. The stylesheet's hash is `ONRAMP_CHECKOUT_STYLE_HASH`, as for
 * `renderOnrampCheckout`.
 *
 * ```ts
 * const widget = await renderOnrampOrderForm({
 *   publishableKey, apiBase, checkoutOrigin, sessionUrl: '/api/order',
 *   cryptoCurrencies: ['ETH', 'USDC'], fiatAmount: 5000, locale: 'de-DE',
 * });
 * ```
 *
 * @throws TypeError when the key is not a publishable key (nothing is written for a secret key),
 *   `sessionUrl` is not a path or an http(s) URL, an order option holds a value the API does not
 *   know, or `apiBase` or `checkoutOrigin` is not https (or http on localhost), or is missing with a
 *   live key.
 */
export async function renderOnrampOrderForm(options: OnrampOrderFormRenderOptions): Promise<string> {
  const caller = 'renderOnrampOrderForm';
  if ((options as { session?: unknown }).session !== undefined)
    throw new TypeError(`${caller}: a session is drawn by renderOnrampCheckout (session first)`);
  const key = parseApiKey(options.publishableKey);
  const problem = credentialsProblem(options.publishableKey, '');
  if (!key || problem === 'SECRET_KEY_REFUSED' || problem === 'INVALID_PUBLISHABLE_KEY')
    throw new TypeError(
      `${caller}: ${problem ?? 'INVALID_PUBLISHABLE_KEY'}: ${widgetError(problem ?? 'INVALID_PUBLISHABLE_KEY').message}`,
    );
  const { sessionUrl } = options;
  if (typeof sessionUrl !== 'string' || !sessionUrl.trim() || !/^https?:$/.test(protocolOf(sessionUrl)))
    throw new TypeError(`${caller}: sessionUrl must be a path of your site or an http(s) URL`);
  checkOrigins(caller, options, key.environment);
  const attributes = orderAttributes(options);
  const { locale, block } = await language(options.locale);
  const shadow = options.serverRender !== false;
  const a = (name: string) => optional(attributes[name]);
  // `defer-hydration` (Lit's): the browser's element waits until the hydrate entry has the form's
  // parts, so its first render, which hydrates these nodes, draws this very form.
  const template = html`<onramp-checkout ?defer-hydration=${shadow} publishable-key=${options.publishableKey} session-url=${sessionUrl} api-base=${optional(options.apiBase)} checkout-origin=${optional(options.checkoutOrigin)} mode=${optional(options.mode)} locale=${locale} theme=${optional(options.theme)} fiat-currencies=${a('fiat-currencies')} crypto-currencies=${a('crypto-currencies')} networks=${a('networks')} fiat-currency=${a('fiat-currency')} crypto-currency=${a('crypto-currency')} network=${a('network')} fiat-amount=${a('fiat-amount')} wallet-address=${a('wallet-address')}></onramp-checkout>`;
  return renderElement(template, undefined, block, shadow);
}
