/**
 * The order form's texts (amount first) in English, carried by the `order` part (only an element
 * without a client secret and with a `session-url` needs them); the other languages have them in
 * their catalogue files as `order.*`. Same rules as the other catalogues: `{placeholders}` filled by
 * `fill()` with text or templates, never parsed as HTML.
 */
import { ownValue } from '../format/own-value.js';

const en = {
  status: 'Choose your amount',
  form: 'Your order',
  amount: 'Amount',
  presets: 'Suggested amounts',
  currency: 'Currency',
  asset: 'Crypto',
  network: 'Network',
  wallet: 'Wallet address',
  walletHint: 'Your address on {network}: 0x followed by 40 characters.',
  walletFixed: 'To wallet',
  amountInvalid: 'Enter an amount, for example {example}.',
  amountMin: 'The minimum is {amount}.',
  amountMax: 'The maximum is {amount}.',
  walletMissing: 'Enter the wallet address that receives the crypto.',
  walletMalformed: 'This is not an address on {network}: it starts with 0x, followed by 40 digits and letters a to f.',
  walletChecksum:
    'This address has a typo: its capital letters do not match its checksum. Copy it again from your wallet.',
  price: 'Live price',
  quoteLoading: 'Getting the price…',
  quoteAge: 'Price quoted {age}',
  quoteFailed: 'The price could not be fetched. Retrying…',
  quoteWaiting: 'Enter an allowed amount to see the price.',
  continue: 'Continue',
  creating: 'Starting your order…',
  createFailed: 'Your order could not be started. Nothing you entered was lost: please try again.',
  createOffline: 'The shop could not be reached. Check your connection and try again.',
  createBusy: 'Checkout is busy right now. Nothing you entered was lost: please try again in a moment.',
};

export type OrderMessages = typeof en;
export const enOrder: OrderMessages = en;

/**
 * The order texts in the element's language: its catalogue's `order.*` texts (every language's file
 * has them), English for any missing (English's own catalogue is built in without them).
 */
export const orderMessages = (messages: Readonly<Record<string, string>>): OrderMessages =>
  Object.fromEntries(
    Object.entries(en).map(([key, english]) => [key, ownValue(messages, `order.${key}`) ?? english]),
  ) as OrderMessages;
