/**
 * The demo shop, amount first: the page's `<onramp-checkout session-url="/api/order">` (its keys
 * and addresses written by the shop's server, shop-order.ts) shows the order form in the card; the
 * buyer chooses the amount, the crypto and the network there, and "Continue" sends the order to the
 * shop's order handler, which creates the session. This script only adds what the shop itself
 * offers: how the checkout opens (`mode`), the theme panel's choices, and "New order". It imports
 * the element as a framework app would (`import 'onramp-checkout/define'`).
 *
 * The page is also the order's return page: the session returns here with `onramp_session_id`
 * (the checkout mode kept as the page's own `?mode=`), the server then draws the widget with that
 * order's client secret, and the address says which order is on screen from its creation on, so a
 * reload or a return shows the same order, from the API.
 */
import '../../../src/define.js';
import { RETURN_SESSION_PARAM } from '../../../src/contract/return-params.js';
import type { OnrampCheckoutMode, OnrampCheckout } from '../../../src/index.js';
import './event-log.js';
import { showOrderInAddress } from './order-address.js';
import { applyThemeChoices, startThemePanel } from './theme-panel.js';
import { startWebhookPanel } from './webhook-events.js';

const mount = document.querySelector<HTMLElement>('#checkout');
const modeSelect = document.querySelector<HTMLSelectElement>('#mode');
const errorBox = document.querySelector<HTMLElement>('#order-error');
const newOrderButton = document.querySelector<HTMLButtonElement>('#new-order');

const MODES: readonly OnrampCheckoutMode[] = ['embedded', 'popup', 'redirect'];
const chosenMode = (): OnrampCheckoutMode => MODES.find((mode) => mode === modeSelect?.value) ?? 'embedded';

const widget = (): OnrampCheckout | null => mount?.querySelector('onramp-checkout') ?? null;

/** The attributes a new order's widget starts with: the server's, without the order it may show. */
const startAttributes = [...(widget()?.attributes ?? [])]
  .filter(
    (attr) => !['client-secret', 'redirect-url', 'status', 'mode', 'theme', 'locale', 'style'].includes(attr.name),
  )
  .map((attr) => [attr.name, attr.value] as const);

/** The session id of the widget's order, once it has one (from its client secret). */
function sessionOf(checkout: OnrampCheckout | null): string | null {
  const secret = checkout?.clientSecret ?? '';
  const end = secret.indexOf('_secret_');
  return end > 0 ? secret.slice(0, end) : null;
}

/** The shop's address for the order on screen (or none), with the checkout mode chosen. */
const showAddress = (sessionId: string | null): void => showOrderInAddress(sessionId, { mode: chosenMode() });

/** The shop's choices on a widget: how the checkout opens, and the theme panel's. */
function dress(checkout: OnrampCheckout): void {
  checkout.mode = chosenMode();
  applyThemeChoices(checkout); // theme, locale and custom properties from the theme panel
}

/** Once the card has a session (created by "Continue", or the order returned to): the address names it. */
function onSession(): void {
  const sessionId = sessionOf(widget());
  if (sessionId === null) return;
  if (new URL(window.location.href).searchParams.get(RETURN_SESSION_PARAM) !== sessionId) showAddress(sessionId);
  if (newOrderButton) newOrderButton.hidden = false;
}

/** "New order": a new card with the order form, the address without an order. */
function newOrder(): void {
  const checkout = document.createElement('onramp-checkout');
  for (const [name, value] of startAttributes) checkout.setAttribute(name, value);
  dress(checkout);
  mount?.replaceChildren(checkout);
  if (errorBox) errorBox.hidden = true;
  showAddress(null);
  if (newOrderButton) newOrderButton.hidden = true;
  modeSelect?.focus(); // the button is gone: focus goes to the shop's control just before the new card
}

if (mount && modeSelect) {
  const mode = new URLSearchParams(window.location.search).get('mode');
  const known = MODES.find((m) => m === mode);
  if (known) modeSelect.value = known;
  const first = widget();
  if (first) dress(first);
  modeSelect.addEventListener('change', () => {
    const checkout = widget();
    if (checkout) checkout.mode = chosenMode();
    showAddress(sessionOf(checkout));
  });
  for (const type of ['onramp-ready', 'onramp-status-change'] as const) mount.addEventListener(type, onSession);
  onSession();
  // Back with an order this shop does not have (the server says so): the address forgets it.
  if (errorBox && !errorBox.hidden) showAddress(null);
  newOrderButton?.addEventListener('click', newOrder);
}

startThemePanel();
startWebhookPanel();
