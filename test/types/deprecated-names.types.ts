/**
 * Type test, compiled by `npm run typecheck` and never run: the names before every public type took
 * the `Onramp` prefix still resolve, for one minor release, to exactly the new types, in each entry
 * that exported them (the package, `./webhooks`, `./ssr`, `./server`).
 */
import type * as main from '../../src/index.js';
import type * as server from '../../src/server-client/index.js';
import type * as ssr from '../../src/ssr/render-onramp-checkout.js';
import type * as webhooks from '../../src/webhooks/verify-signature.js';

/** `true` only when A and B are the same type. */
// The single-use `T`s are the point: two generic functions are assignable only when A and B are identical.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const sameTypes: [
  Same<main.Theme, main.OnrampTheme>,
  Same<main.WidgetStatus, main.OnrampStatus>,
  Same<main.SessionView, main.OnrampSession>,
  Same<main.QuoteFigures, main.OnrampQuote>,
  Same<main.FeeBreakdown, main.OnrampFees>,
  Same<main.SessionInput, main.OnrampSessionInput>,
  Same<main.WidgetError, main.OnrampError>,
  Same<main.WidgetErrorCode, main.OnrampErrorCode>,
  Same<main.CheckoutMode, main.OnrampCheckoutMode>,
  Same<main.FallbackReason, main.OnrampFallbackReason>,
  Same<main.StatusChangeDetail, main.OnrampStatusChangeDetail>,
  Same<main.ErrorDetail, main.OnrampErrorDetail>,
  Same<webhooks.VerifyWebhookSignatureOptions, webhooks.OnrampWebhookVerifyOptions>,
  Same<webhooks.WebhookSignatureFailure, webhooks.OnrampWebhookFailure>,
  Same<webhooks.WebhookSignatureResult, webhooks.OnrampWebhookResult>,
  Same<server.WebhookSignatureResult, server.OnrampWebhookResult>,
  Same<ssr.RenderOnrampCheckoutOptions, ssr.OnrampRenderOptions>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
