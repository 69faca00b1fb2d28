/**
 * The English messages of the first paint, built into every bundle (the final screens' and the
 * announcements' are in `messages-screens.ts`, in the `screens` part); the other languages load on
 * demand and must have exactly these keys and those, with the same `{placeholders}` (checked by
 * types, by a test, and when a file loads).
 *
 * Placeholders are filled by `fill()` with text or templates, never parsed as HTML.
 */
export const en = {
  'status.loading': 'Loading your order…',
  'status.pending': 'Waiting for your payment',
  'status.processing': 'Payment received. Delivering your crypto…',
  'status.completed': 'Purchase complete',
  'status.failed': 'Payment failed',
  'status.expired': 'Session expired',
  'status.error': 'Checkout unavailable',
  title: 'Buy {asset}',
  crypto: 'crypto',
  testMode: 'Test mode',
  reference: 'Reference: {id}',
  summary: 'Order summary',
  receiveEstimated: 'You receive (estimated)',
  receive: 'You will receive',
  youPay: 'You pay',
  rate: 'Rate',
  network: 'Network',
  wallet: 'To wallet',
  fees: 'Fees',
  platformFee: 'Platform fee',
  networkFee: 'Network fee',
  processingFee: 'Processing fee',
  totalFees: 'Total fees',
  priceValid: 'Price valid for {time}',
  priceExpired: 'Price expired. Getting a new quote…',
  sessionLeft: 'Session expires in {time}',
  sessionExpired: 'Session expired',
  frameTitle: 'Secure payment',
  pay: 'Pay {amount}',
  openPage: 'Open the payment page',
  // Buyer messages only: a misconfiguration's cause and fix are the merchant's (the event, the console).
  'error.config': 'This checkout is not set up correctly. Please tell the merchant.',
  'error.unreachable': 'The payment service cannot be reached from this page.',
  'error.retrying': 'The payment service is not answering. Retrying…',
  'error.SESSION_NOT_FOUND': 'This checkout session was not found.',
  'error.OFFLINE': 'You are offline. The checkout resumes when you are back online.',
  'error.QUOTE_REFRESH_FAILED': 'The price could not be refreshed. Retrying…',
  payElsewhere: 'You can still pay on the secure payment page.',
  tryAgain: 'Try again',
};

/**
 * Every message key: the first paint's (`en`) and the screens' that come after it (`enScreens`,
 * English in the `screens` part; the other catalogues hold all keys).
 */
export type MessageKey = keyof typeof en | ScreenMessageKey;
/** A complete catalogue: every key of the English one. */
export type Messages = Record<MessageKey, string>;

/** The keys of the screens' texts, for reading a catalogue before the `screens` part is here. */
export const SCREEN_MESSAGE_KEYS = [
  'delivered',
  'deliveredAt',
  'viewTx',
  'failedTitle',
  'failedBody',
  'failedNext',
  'expiredTitle',
  'expiredBody',
  'expiredNext',
  'priceEnding',
  'sessionEnding',
  'payInPopup',
  'reopenPopup',
  'cannotEmbed',
  'priceChanged',
  'pricePrevious',
  'priceNew',
  'acceptPrice',
  'priceBetter',
  'priceUpdated',
] as const;
export type ScreenMessageKey = (typeof SCREEN_MESSAGE_KEYS)[number];

/**
 * English as the first paint has it: the screens' texts join it with their part (only its views use
 * them, through `withScreenTexts`).
 */
export const english = en as Messages;
