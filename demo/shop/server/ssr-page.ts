/**
 * `/demo/ssr`: the widget rendered on the merchant's server with `onramp-checkout/ssr`, so the order
 * is on screen before any script runs; the hydrating script-tag file then takes over the same nodes.
 * `?locale=` picks the buyer's language; `?render=client` writes the same page with the element
 * rendered in the browser instead (same session, same data block, the default script-tag file), the
 * comparison `npm run bench` measures. `?start=amount`: amount first, the order form drawn on the
 * server (`renderOnrampOrderForm`), "Continue" to the shop's `/api/order`; no session until then.
 *
 * The renderer is the built one (`dist/ssr.js`, made by `npm run build` like the scripts this page
 * serves): the server must render the very templates the browser hydrates.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OnrampRenderOptions } from '../../../src/ssr/render-onramp-checkout.js';
import { escapeHtml, newOrderLink } from './embed-page.js';

type SsrModule = typeof import('../../../src/ssr/render-onramp-checkout.js');

const SSR_MODULE = pathToFileURL(resolve(import.meta.dirname, '../../../dist/ssr.js')).href;

/** The built server renderer, loaded on first use (after `npm run build`). */
export const loadRenderer = (): Promise<SsrModule> => import(SSR_MODULE) as Promise<SsrModule>;

/** The languages the page offers, by `?locale=`. Anything else is English. */
export const SSR_LOCALES = ['en', 'de-DE', 'fr-FR', 'es-ES', 'ar'] as const;

export const ssrLocale = (value: string | undefined): string => SSR_LOCALES.find((locale) => locale === value) ?? 'en';

export interface SsrPageOptions extends Omit<OnrampRenderOptions, 'serverRender' | 'session'> {
  /** `client`: the element is rendered in the browser (no shadow root in the HTML). */
  render: 'server' | 'client';
  /** The creation answer of a new session, rendered with its order. */
  session?: OnrampRenderOptions['session'];
  /**
   * A kept order the buyer came back to: the element with its client secret, rendered in the
   * browser from the API (the creation answer says pending, whatever the session is now).
   */
  returned?: { clientSecret: string; redirectUrl: string };
  /** Amount first: the order form, whose "Continue" asks `sessionUrl` for the session (no `session`). */
  amountFirst?: { sessionUrl: string; walletAddress: string };
}

/** The page's address for a start and a language (`start=amount`: amount first). */
const pagePath = (amountFirst: boolean, locale?: string): string => {
  const query = new URLSearchParams({ ...(amountFirst ? { start: 'amount' } : {}), ...(locale ? { locale } : {}) });
  return `/demo/ssr${query.size ? `?${query}` : ''}`;
};

/** The element for a returned order: attributes only, no data block. */
function returnedElement(
  options: Omit<SsrPageOptions, 'render' | 'session' | 'amountFirst'>,
  returned: NonNullable<SsrPageOptions['returned']>,
  newOrder: string,
): string {
  const attributes: [string, string | undefined][] = [
    ['publishable-key', options.publishableKey],
    ['client-secret', returned.clientSecret],
    ['redirect-url', returned.redirectUrl],
    ['api-base', options.apiBase],
    ['checkout-origin', options.checkoutOrigin],
    ['locale', options.locale],
  ];
  const written = attributes
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`);
  return `<onramp-checkout${written.join('')}></onramp-checkout>\n      ${newOrderLink(newOrder)}`;
}

/** The page, with the element's HTML from the built renderer. */
export async function renderSsrPage({
  render,
  returned,
  session,
  amountFirst,
  ...options
}: SsrPageOptions): Promise<string> {
  const { renderOnrampCheckout, renderOnrampOrderForm } = await loadRenderer();
  const serverRender = render === 'server';
  const element = returned
    ? returnedElement(options, returned, pagePath(!!amountFirst))
    : amountFirst
      ? await renderOnrampOrderForm({ ...options, ...amountFirst, serverRender })
      : await renderOnrampCheckout({ ...options, session: session ?? {}, serverRender });
  const script = serverRender ? '/dist/cdn/onramp-checkout.hydrate.iife.js' : '/dist/cdn/onramp-checkout.iife.js';
  const languages = SSR_LOCALES.map(
    (locale) =>
      `<a href="${pagePath(!!amountFirst, locale)}"${locale === options.locale ? ' aria-current="true"' : ''}>${locale}</a>`,
  ).join(' · ');
  const starts = [
    [false, 'Session first: the order of a session made for this page'],
    [true, 'Amount first: the order form, the session made at “Continue”'],
  ] as const;
  const start = starts
    .map(
      ([first, label]) =>
        `<a href="${pagePath(first, options.locale)}"${first === !!amountFirst ? ' aria-current="true"' : ''}>${label}</a>`,
    )
    .join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Server-rendered · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
  <!-- The event log first: a server-rendered widget is ready as soon as its script runs. -->
  <script src="/dist/demo/event-log.js" type="module"></script>
  <script src="${script}" defer></script>
</head>
<body>
  <main class="page">
    <h1>Server-rendered${render === 'client' ? ' (comparison: rendered in the browser)' : ''}</h1>
    <p>Start: ${start}</p>
    <p>Language: ${languages}</p>
    <div class="layout">
      ${element}
      <section class="log" aria-label="Widget events"><h2>Events</h2><ol id="event-log"></ol></section>
    </div>
  </main>
</body>
</html>
`;
}
