/**
 * The demo shop: the buyer picks an order, this page asks its own server for a session, and mounts
 * `<onramp-checkout>` with the publishable key, the client secret and the creation response.
 * It imports the element as a framework app would (`import 'onramp-checkout/define'`).
 *
 * The page is also the order's return page: the session returns here with `onramp_session_id`
 * (the checkout mode kept as the page's own `?mode=`), and the address says which order is on
 * screen from its creation on, so a reload or a return shows the same order, from the API.
 */
import '../../../src/define.js';
import { ASSET_NETWORKS, CRYPTO_CURRENCIES, type CryptoCurrency } from '../../../src/contract/catalog.js';
import { decimalToMinor } from '../../../src/contract/money.js';
import { readOnrampReturn } from '../../../src/contract/return-params.js';
import type { OnrampCheckoutMode, OnrampCheckout } from '../../../src/index.js';
import './event-log.js';
import { type ShopAnswer, showOrderInAddress } from './order-address.js';
import { applyThemeChoices, startThemePanel } from './theme-panel.js';
import { startWebhookPanel } from './webhook-events.js';

interface SessionResponse {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: { client_secret: string; session_id: string };
}

/** `GET /api/orders/:id`: a kept order, to show again. */
interface OrderResponse {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  clientSecret: string;
  redirectUrl: string;
}

const form = document.querySelector<HTMLFormElement>('#order');
const mount = document.querySelector<HTMLElement>('#checkout');
const errorBox = document.querySelector<HTMLElement>('#order-error');
const newOrderButton = document.querySelector<HTMLButtonElement>('#new-order');

/** The order form's field `name`, checked to be a `type`. */
function field<T extends HTMLInputElement | HTMLSelectElement>(name: string, type: new () => T): T {
  const element = form?.elements.namedItem(name);
  if (!(element instanceof type)) throw new Error(`missing field ${name}`);
  return element;
}

function fillNetworks(): void {
  const asset = field('crypto_currency', HTMLSelectElement).value as CryptoCurrency;
  const select = field('network', HTMLSelectElement);
  select.replaceChildren(...ASSET_NETWORKS[asset].map((network) => new Option(network, network)));
}

function showError(message: string | null): void {
  if (!errorBox) return;
  errorBox.hidden = message === null;
  errorBox.textContent = message ?? '';
}

const MODES: readonly OnrampCheckoutMode[] = ['embedded', 'popup', 'redirect'];
const chosenMode = (): OnrampCheckoutMode => field('mode', HTMLSelectElement).value as OnrampCheckoutMode;

/** The shop's address for an order on screen (or none), with the checkout mode chosen. */
const showAddress = (sessionId: string | null): void => showOrderInAddress(sessionId, { mode: chosenMode() });

/** Mounts the widget for an order, in place of the form. */
function mountCheckout(
  config: { publishableKey: string; apiBase: string; checkoutOrigin: string },
  clientSecret: string,
  extra: (checkout: OnrampCheckout) => void,
): void {
  const checkout = document.createElement('onramp-checkout');
  checkout.publishableKey = config.publishableKey;
  checkout.apiBase = config.apiBase;
  checkout.checkoutOrigin = config.checkoutOrigin;
  checkout.mode = chosenMode();
  applyThemeChoices(checkout); // theme, locale and custom properties from the theme panel
  extra(checkout);
  checkout.clientSecret = clientSecret;
  mount?.replaceChildren(checkout);
  form?.setAttribute('hidden', '');
  if (newOrderButton) newOrderButton.hidden = false;
  checkout.addEventListener('onramp-expired', () => form?.removeAttribute('hidden'));
  checkout.addEventListener('onramp-failed', () => form?.removeAttribute('hidden'));
}

async function startCheckout(): Promise<void> {
  showError(null);
  const amount = decimalToMinor(field('amount', HTMLInputElement).value.trim().replace(/,/g, ''), 2);
  if (amount === null) {
    showError('Enter an amount such as 100.00');
    return;
  }
  // Where the session returns: this page, with the checkout mode the buyer picked.
  const returnTo = new URL(window.location.pathname, window.location.origin);
  returnTo.searchParams.set('mode', chosenMode());
  const response = await fetch('/api/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fiat_amount: Number(amount),
      fiat_currency: field('fiat_currency', HTMLSelectElement).value,
      crypto_currency: field('crypto_currency', HTMLSelectElement).value,
      network: field('network', HTMLSelectElement).value,
      wallet_address: field('wallet_address', HTMLInputElement).value.trim(),
      return_url: returnTo.href,
    }),
  });
  const body = (await response.json()) as ShopAnswer<SessionResponse>;
  if (!response.ok || 'error' in body) {
    showError('error' in body ? body.error.message : `The shop could not create a session (${response.status})`);
    return;
  }
  showAddress(body.session.session_id);
  mountCheckout(body, body.session.client_secret, (checkout) => {
    checkout.session = body.session;
  });
}

/**
 * The order the address names (a return from the checkout, or a reload): found by the shop's
 * server, shown by the widget from the API. The status in the address is only a hint: unused.
 */
async function showReturnedOrder(sessionId: string): Promise<void> {
  form?.setAttribute('hidden', '');
  const response = await fetch(`/api/orders/${encodeURIComponent(sessionId)}`, {
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json()) as ShopAnswer<OrderResponse>;
  if (!response.ok || 'error' in body) {
    form?.removeAttribute('hidden');
    showAddress(null);
    showError('error' in body ? body.error.message : `The shop could not find that order (${response.status})`);
    return;
  }
  mountCheckout(body, body.clientSecret, (checkout) => {
    checkout.redirectUrl = body.redirectUrl;
  });
}

/** "New order": the form again, the address without an order. */
function newOrder(): void {
  mount?.replaceChildren();
  showError(null);
  showAddress(null);
  form?.removeAttribute('hidden');
  if (newOrderButton) newOrderButton.hidden = true;
  field('amount', HTMLInputElement).focus();
}

if (form) {
  const assets = field('crypto_currency', HTMLSelectElement);
  assets.replaceChildren(...CRYPTO_CURRENCIES.map((asset) => new Option(asset, asset)));
  assets.addEventListener('change', fillNetworks);
  fillNetworks();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    startCheckout().catch((error: unknown) => showError(error instanceof Error ? error.message : String(error)));
  });
  const mode = new URLSearchParams(window.location.search).get('mode');
  const known = MODES.find((m) => m === mode);
  if (known) field('mode', HTMLSelectElement).value = known;
  newOrderButton?.addEventListener('click', newOrder);
  const returned = readOnrampReturn(window.location.href);
  if (returned)
    showReturnedOrder(returned.sessionId).catch((error: unknown) =>
      showError(error instanceof Error ? error.message : String(error)),
    );
}

startThemePanel();
startWebhookPanel();
