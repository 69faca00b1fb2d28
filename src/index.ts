/**
 * The package entry: the element class, its events and types, free of side effects (nothing is
 * registered; import `onramp-checkout/define` or call `defineOnrampCheckout()` for that).
 */
import type { OnrampTheme } from './components/onramp-checkout/onramp-checkout.js';
import type {
  OnrampErrorDetail,
  OnrampStatusChangeDetail,
} from './components/onramp-checkout/onramp-checkout.events.js';
import type { OnrampStatus } from './core/flow-machine.js';
import type { OnrampFees, OnrampQuote, OnrampSession, OnrampSessionInput } from './core/session-model.js';
import type { OnrampError, OnrampErrorCode } from './core/widget-error.js';
import type { OnrampCheckoutMode, OnrampFallbackReason } from './controllers/hosted-checkout-controller.js';

export { OnrampCheckout, type OnrampTheme } from './components/onramp-checkout/onramp-checkout.js';
export * from './components/onramp-checkout/onramp-checkout.events.js';
export type { OnrampStatus } from './core/flow-machine.js';
export type { OnrampSession, OnrampQuote, OnrampFees, OnrampSessionInput } from './core/session-model.js';
export type { OnrampError, OnrampErrorCode, OnrampWarningCode } from './core/widget-error.js';
export type { ProblemValues as OnrampProblemValues } from './diagnostics/problems.js';
export type { OnrampCheckoutMode, OnrampFallbackReason } from './controllers/hosted-checkout-controller.js';

// The names before every public type took the `Onramp` prefix: kept for one minor release.
/** @deprecated use `OnrampTheme` */
export type Theme = OnrampTheme;
/** @deprecated use `OnrampStatus` */
export type WidgetStatus = OnrampStatus;
/** @deprecated use `OnrampSession` */
export type SessionView = OnrampSession;
/** @deprecated use `OnrampQuote` */
export type QuoteFigures = OnrampQuote;
/** @deprecated use `OnrampFees` */
export type FeeBreakdown = OnrampFees;
/** @deprecated use `OnrampSessionInput` */
export type SessionInput = OnrampSessionInput;
/** @deprecated use `OnrampError` */
export type WidgetError = OnrampError;
/** @deprecated use `OnrampErrorCode` */
export type WidgetErrorCode = OnrampErrorCode;
/** @deprecated use `OnrampCheckoutMode` */
export type CheckoutMode = OnrampCheckoutMode;
/** @deprecated use `OnrampFallbackReason` */
export type FallbackReason = OnrampFallbackReason;
/** @deprecated use `OnrampStatusChangeDetail` */
export type StatusChangeDetail = OnrampStatusChangeDetail;
/** @deprecated use `OnrampErrorDetail` */
export type ErrorDetail = OnrampErrorDetail;
