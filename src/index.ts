/**
 * The package entry: the element class, its events and types, free of side effects (nothing is
 * registered; import `onramp-checkout/define` or call `defineOnrampCheckout()` for that).
 */
export { OnrampCheckout, type Theme } from './components/onramp-checkout/onramp-checkout.js';
export * from './components/onramp-checkout/onramp-checkout.events.js';
export type { WidgetStatus } from './core/checkout-machine.js';
export type { SessionView, QuoteFigures, FeeBreakdown, SessionInput } from './core/session-view.js';
export type { WidgetError, WidgetErrorCode } from './core/widget-error.js';
export type { CheckoutMode, FallbackReason } from './controllers/hosted-checkout-controller.js';
