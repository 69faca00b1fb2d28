/**
 * What each of the widget's texts is for, where the buyer sees it, and its length limit in
 * characters (code points) in any language: the brief of every translation, and checked by the
 * catalogue test (a label that outgrows its place breaks the 320 px card). Not shipped: tests and
 * translators read it.
 */
import type { CatalogueKey } from '../../src/i18n/catalogue-shape.js';

export interface MessageContext {
  /** Where it appears and what it does, for a translator who cannot see the screen. */
  where: string;
  /** At most this many characters, in every language. */
  max: number;
}

const label = (where: string, max = 32): MessageContext => ({ where, max });
const sentence = (where: string, max = 160): MessageContext => ({ where, max });

export const MESSAGE_CONTEXT: Record<CatalogueKey, MessageContext> = {
  'status.loading': sentence('Status line while the order loads (spinner beside it).', 60),
  'status.pending': sentence('Status line: the order is shown and waits for the buyer to pay.', 60),
  'status.processing': sentence('Status line: the card was charged, the crypto is being sent.', 90),
  'status.completed': sentence('Status line: the purchase is done.', 60),
  'status.failed': sentence('Status line: the payment failed.', 60),
  'status.expired': sentence('Status line: the checkout session ran out of time.', 60),
  'status.error': sentence('Status line: the checkout cannot be used (service unreachable or misconfigured).', 60),
  title: label('Card heading. {asset} is a crypto code such as USDC or ETH.', 40),
  crypto: label('Used in the heading "Buy {asset}" when the asset is not known yet: the generic word for crypto.', 24),
  testMode: label('Badge on a test-mode checkout (no real money).', 24),
  reference: label('Small print under the order: {id} is the session id, a code.', 40),
  summary: label('Accessible name of the order summary list (screen readers).', 40),
  receiveEstimated: label('Label above the crypto amount the buyer will receive, before payment (an estimate).', 40),
  receive: label('Label above the crypto amount the buyer will receive, after payment.', 40),
  youPay: label('Label of the fiat amount the buyer pays, fees included.', 32),
  rate: label('Label of the exchange rate row, such as "1 ETH = $3,127.39".', 24),
  network: label('Label of the blockchain network row (Ethereum, Polygon, Base).', 24),
  wallet: label('Label of the row with the wallet address that receives the crypto.', 32),
  fees: label('Heading of the fee breakdown (a disclosure the buyer can open).', 24),
  platformFee: label('Fee row: the onramp provider’s fee.', 32),
  networkFee: label('Fee row: the blockchain network (gas) fee. Keep the same term as the glossary.', 32),
  processingFee: label('Fee row: the card processing fee.', 32),
  totalFees: label('Fee row: the sum of the fees.', 32),
  priceValid: label('Countdown under the price: {time} is a timer such as 4:59.', 48),
  priceUpdated: sentence('Polite screen-reader announcement and note when the price was refreshed.', 60),
  priceExpired: sentence('Note when the price ran out and a new quote is being fetched.', 90),
  sessionLeft: label('Countdown of the whole checkout: {time} is a timer such as 29:59.', 48),
  sessionExpired: label('Replaces the countdown when the checkout ran out of time.', 40),
  frameTitle: label('Title of the payment iframe (screen readers).', 40),
  pay: label('The main button: {amount} is money such as €50.00. Imperative.', 36),
  openPage: label('Button or link that opens the secure payment page in a new window.', 44),
  'error.config': sentence('Shown to the buyer when the merchant set the widget up wrongly.', 120),
  'error.unreachable': sentence('Shown when the payment service cannot be reached.', 120),
  'error.retrying': sentence('Shown while the widget retries an unanswered request.', 120),
  'error.SESSION_NOT_FOUND': sentence('Shown when the checkout session does not exist.', 120),
  'error.OFFLINE': sentence('Shown when the device is offline; the checkout resumes by itself.', 120),
  'error.QUOTE_REFRESH_FAILED': sentence('Shown when the price could not be refreshed; it retries.', 120),
  payElsewhere: sentence('Under an error: the buyer can still pay on the provider’s payment page.', 120),
  tryAgain: label('Button that retries after an error.', 28),
  delivered: sentence('Completed screen: {amount} crypto amount, {network} network name, {wallet} an address.', 140),
  deliveredAt: label('Completed screen: {date} is a date and time.', 60),
  viewTx: label('Link to the blockchain explorer: {hash} is a shortened transaction hash.', 60),
  failedTitle: label('Heading of the failed screen.', 40),
  failedBody: sentence('Failed screen: reassures that no crypto was sent and the card hold is released.', 160),
  failedNext: sentence('Failed screen: what to do next.', 160),
  expiredTitle: label('Heading of the expired screen.', 48),
  expiredBody: sentence('Expired screen: nothing was paid.', 120),
  expiredNext: sentence('Expired screen: what to do next.', 120),
  priceEnding: sentence('Screen-reader announcement a minute before the price expires: {when} is "in 1 minute".', 90),
  sessionEnding: sentence('Screen-reader announcement before the checkout expires: {when} is "in 2 minutes".', 90),
  payInPopup: sentence('While the payment window (popup) is open.', 90),
  reopenPopup: label('Button that brings the payment window back.', 40),
  cannotEmbed: sentence('The payment page could not be shown inside the card.', 90),
  priceChanged: sentence('Price consent: the price got worse; the buyer must accept it before paying.', 120),
  pricePrevious: label('Price consent: label of the price the buyer had accepted.', 36),
  priceNew: label('Price consent: label of the new price.', 36),
  acceptPrice: label('Price consent: the button that accepts the new price.', 36),
  priceBetter: sentence('Polite announcement: the price improved; {amount} is the new crypto amount.', 100),
  'order.status': label('Status line of the order form (amount first).', 48),
  'order.form': label('Accessible name of the order form.', 32),
  'order.amount': label('Label of the amount field (in the fiat currency).', 24),
  'order.presets': label('Accessible name of the group of preset amount buttons.', 32),
  'order.currency': label('Label of the fiat currency select (EUR, USD…).', 24),
  'order.asset': label('Label of the crypto asset select (USDC, ETH…).', 24),
  'order.network': label('Label of the network select (Ethereum, Polygon, Base).', 24),
  'order.wallet': label('Label of the wallet address field.', 32),
  'order.walletHint': sentence('Hint under the wallet field: {network} is a network name.', 100),
  'order.walletFixed': label('Label of the wallet the merchant set (read only).', 32),
  'order.amountInvalid': sentence('Error under the amount: {example} is an amount such as 50.00.', 90),
  'order.amountMin': sentence('Error: the amount is below the minimum {amount} (money).', 60),
  'order.amountMax': sentence('Error: the amount is above the maximum {amount} (money).', 60),
  'order.walletMissing': sentence('Error under the wallet field: it is empty.', 100),
  'order.walletMalformed': sentence('Error: not an address on {network}; 0x and 40 hex digits.', 160),
  'order.walletChecksum': sentence('Error: the EIP-55 capital letters do not match (a typo); copy it again.', 180),
  'order.price': label('Heading of the live price box under the form.', 32),
  'order.quoteLoading': sentence('While the price is being fetched.', 48),
  'order.quoteAge': label('Age of the price: {age} is relative time such as "5 seconds ago" or "now".', 48),
  'order.quoteFailed': sentence('The price could not be fetched; it retries.', 90),
  'order.quoteWaiting': sentence('Shown in the price box until the amount is allowed.', 90),
  'order.continue': label('Button that sends the order and goes on to payment.', 28),
  'order.creating': sentence('While the order is being created.', 48),
  'order.createFailed': sentence('The order could not be created; nothing was lost; try again.', 140),
  'order.createOffline': sentence('The shop could not be reached; check the connection.', 120),
  'order.createBusy': sentence(
    'The shop is taking too many orders at once (a rate limit); the form keeps what the buyer typed; try again in a moment.',
    140,
  ),
};
