/// <reference types="node" />
/**
 * `onramp-checkout/ssr`: the element rendered on the merchant's server, so the order is on screen
 * before any script runs. Lit's own server renderer (`@lit-labs/ssr`) writes the element with its
 * shadow root as declarative shadow DOM, in the buyer's language, with its `status`, and a data
 * block child carrying the session (and the language's texts) for the browser, where
 * `onramp-checkout/hydrate` (or `onramp-checkout.hydrate.iife.js`) takes over the same nodes.
 *
 * Published built (`dist/ssr.js`) in the same build as `define`, `hydrate` and the package entry, so
 * a server that loads several of them (a framework rendering a client component that imports
 * `onramp-checkout/define` beside a server component that calls this) holds one element class, and
 * through the same template minifier as the browser files, so hydration accepts the server's DOM.
 */
import { createHash } from 'node:crypto';
import { html, LitElementRenderer, render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { nothing, type CSSResult } from 'lit';
import { OnrampCheckout, type OnrampTheme } from '../components/onramp-checkout/onramp-checkout.js';
import type { SessionDataBlock } from '../components/onramp-checkout/session-data-block.js';
import type { OnrampCheckoutMode } from '../controllers/hosted-checkout-controller.js';
import { checkCredentials, normalizeOrigin } from '../core/config.js';
import { sessionInputRead, type SessionInputRead as OnrampSessionInput } from '../contract/read/session.js';
import { defineOnrampCheckout, TAG_NAME } from '../define.js';
import { loadMessages, provideMessages, wantedKey } from '../i18n/catalogue.js';
import { negotiate } from '../i18n/negotiate.js';
import { jsonForScriptElement } from './json-for-script.js';
import * as later from '../components/onramp-checkout/later-part.js';
import { loaded } from '../parts/parts.js';

// A server draws every screen at once: what a browser loads after the first paint is here already.
loaded.later ??= later;

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

/** The `<style>` the server writes into the shadow root, exactly as `@lit-labs/ssr` writes it. */
const styleText = (): string => (OnrampCheckout.elementStyles as CSSResult[]).map((style) => style.cssText).join('');

/**
 * The CSP hash of the server-rendered stylesheet, `sha256-…` (no quotes): add it, quoted, to
 * `style-src` of pages that server-render the widget (`style-src 'self' 'sha256-…'`). Also printed
 * by `npm run build` and `npm run size`.
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
 * element reflects in the browser after each update, and with or without its shadow root.
 *
 * It renders this module's own class, whatever the server's registry holds under the tag: a
 * framework's bundler may load another copy of the package on the same server (Next.js bundles
 * client components apart from server components), and that copy's class, defined first, would
 * otherwise be matched by no renderer and written without its shadow root.
 */
function rendererFor(session: OnrampSessionInput, shadow: boolean): typeof LitElementRenderer {
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
      element.session = session;
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
      return shadow ? super.renderShadow(renderInfo) : undefined;
    }
  };
}

/**
 * The element's HTML: `<onramp-checkout …>` with its declarative shadow root (the order, fees and
 * countdowns as the buyer will see them), `status`, and the data block. Put it in your page as it
 * is and load `onramp-checkout.hydrate.iife.js` (or import `onramp-checkout/hydrate`) with `defer`.
 *
 * @throws TypeError when `session` is not a session creation response, the key is not a
 *   publishable key (nothing is written for a secret key), or `apiBase` or `checkoutOrigin` is not
 *   https (or http on localhost), or is missing with a live key.
 */
export async function renderOnrampCheckout(options: OnrampRenderOptions): Promise<string> {
  const parsed = sessionInputRead.safeParse(options.session);
  if (!parsed.success)
    throw new TypeError(
      `renderOnrampCheckout: session is not a session creation response (${parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')})`,
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
  for (const [name, value] of [
    ['apiBase', options.apiBase],
    ['checkoutOrigin', options.checkoutOrigin],
  ] as const) {
    if (value !== undefined && !normalizeOrigin(value))
      throw new TypeError(`renderOnrampCheckout: ${name} must be an https URL (or http on localhost)`);
    // The package ships no address: only a test key on a loopback page may do without (the sandbox's).
    if (value === undefined && credentials.value.environment === 'live')
      throw new TypeError(
        `renderOnrampCheckout: ${name} is required (the provider's address; docs/troubleshooting.md)`,
      );
  }
  // The registry's language for the locale (English for one it has not), written as the element's
  // `locale` with its catalogue in the data block, so server and browser agree.
  const { entry, locale } = negotiate([canonicalLocale(options.locale)]);
  const block: SessionDataBlock = { session, locale };
  if (entry.code !== 'en') {
    const choice = { locale, language: entry.code, dir: entry.dir };
    const messages = await loadMessages(entry.code);
    provideMessages(choice, messages, wantedKey([locale], null));
    Object.assign(block, choice, { messages });
  }
  const dataBlock = `<script type="application/json">${jsonForScriptElement(block)}</script>`;
  const optional = (value: string | undefined) => value ?? nothing;
  const template = html`<onramp-checkout publishable-key=${options.publishableKey} client-secret=${clientSecret} api-base=${optional(options.apiBase)} checkout-origin=${optional(options.checkoutOrigin)} mode=${optional(options.mode)} locale=${locale} theme=${optional(options.theme)}></onramp-checkout>`;
  const element = await collectResult(
    render(template, { elementRenderers: [rendererFor(session, options.serverRender !== false)] }),
  );
  // The data block is the element's last child, after its shadow root: set in as the escaped text it
  // is (no template binding can hold a script element's content, and no markup comes from data).
  const end = element.lastIndexOf('</onramp-checkout>');
  return `${element.slice(0, end)}${dataBlock}${element.slice(end)}`;
}
