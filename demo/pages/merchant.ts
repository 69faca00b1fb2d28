/**
 * The demo shop: the buyer picks an order, this page asks its own server for a session, and mounts
 * `<onramp-checkout>` with the publishable key, the client secret and the creation response.
 * It imports the element as a framework app would (`import 'onramp-checkout/define'`).
 */
import '../../src/define.js';
import { ASSET_NETWORKS, CRYPTO_CURRENCIES, type CryptoCurrency } from '../../src/contract/catalog.js';
import { decimalToMinor } from '../../src/contract/money.js';
import type { CheckoutMode } from '../../src/index.js';
import './event-log.js';
import { applyThemeChoices, startThemePanel } from './theme-panel.js';
import { startWebhookPanel } from './webhook-events.js';

interface SessionResponse {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: { client_secret: string };
}

const form = document.querySelector<HTMLFormElement>('#order');
const mount = document.querySelector<HTMLElement>('#checkout');
const errorBox = document.querySelector<HTMLElement>('#order-error');

function field<T extends HTMLInputElement | HTMLSelectElement>(name: string): T {
  const element = form?.elements.namedItem(name);
  if (!element) throw new Error(`missing field ${name}`);
  return element as T;
}

function fillNetworks(): void {
  const asset = field<HTMLSelectElement>('crypto_currency').value as CryptoCurrency;
  const select = field<HTMLSelectElement>('network');
  select.replaceChildren(...ASSET_NETWORKS[asset].map((network) => new Option(network, network)));
}

function showError(message: string | null): void {
  if (!errorBox) return;
  errorBox.hidden = message === null;
  errorBox.textContent = message ?? '';
}

async function startCheckout(): Promise<void> {
  showError(null);
  const amount = decimalToMinor(field<HTMLInputElement>('amount').value.trim().replace(/,/g, ''), 2);
  if (amount === null) {
    showError('Enter an amount such as 100.00');
    return;
  }
  const response = await fetch('/api/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fiat_amount: Number(amount),
      fiat_currency: field<HTMLSelectElement>('fiat_currency').value,
      crypto_currency: field<HTMLSelectElement>('crypto_currency').value,
      network: field<HTMLSelectElement>('network').value,
      wallet_address: field<HTMLInputElement>('wallet_address').value.trim(),
      return_url: window.location.href,
    }),
  });
  const body = (await response.json()) as SessionResponse | { error: { message: string } };
  if (!response.ok || 'error' in body) {
    showError('error' in body ? body.error.message : `The shop could not create a session (${response.status})`);
    return;
  }
  const checkout = document.createElement('onramp-checkout');
  checkout.publishableKey = body.publishableKey;
  checkout.apiBase = body.apiBase;
  checkout.checkoutOrigin = body.checkoutOrigin;
  checkout.mode = field<HTMLSelectElement>('mode').value as CheckoutMode;
  applyThemeChoices(checkout); // theme, locale and custom properties from the theme panel
  checkout.session = body.session;
  checkout.clientSecret = body.session.client_secret;
  mount?.replaceChildren(checkout);
  form?.setAttribute('hidden', '');
  checkout.addEventListener('onramp-expired', () => form?.removeAttribute('hidden'));
  checkout.addEventListener('onramp-failed', () => form?.removeAttribute('hidden'));
}

if (form) {
  const assets = field<HTMLSelectElement>('crypto_currency');
  assets.replaceChildren(...CRYPTO_CURRENCIES.map((asset) => new Option(asset, asset)));
  assets.addEventListener('change', fillNetworks);
  fillNetworks();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    startCheckout().catch((error: unknown) => showError(error instanceof Error ? error.message : String(error)));
  });
}

startThemePanel();
startWebhookPanel();
