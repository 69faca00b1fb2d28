/**
 * The English texts of the screens after the first paint (the final screens, the last-minute
 * announcements), carried by the `screens` part rather than the script-tag file.
 */
import type { Messages, ScreenMessageKey } from './messages.js';

export const enScreens = {
  delivered: '{amount} delivered on {network} to {wallet}.',
  deliveredAt: 'Completed {date}',
  viewTx: 'View transaction {hash}',
  failedTitle: 'Payment failed',
  failedBody: 'No crypto was sent, and any hold on your card will be released.',
  failedNext: 'Go back to the merchant to start a new purchase, and try another card.',
  expiredTitle: 'This checkout expired',
  expiredBody: 'No payment was made, and nothing was charged.',
  expiredNext: 'Go back to the merchant to start a new purchase.',
  priceEnding: 'The price expires {when}.',
  sessionEnding: 'This checkout expires {when}.',
  payInPopup: 'Pay in the secure window that opened.',
  reopenPopup: 'Reopen payment window',
  cannotEmbed: 'The payment page could not open here.',
  priceChanged: 'The price has changed. Accept the new price to pay.',
  pricePrevious: 'Price you accepted',
  priceNew: 'New price',
  acceptPrice: 'Accept new price',
  priceBetter: 'Better price: you now receive {amount}.',
  priceUpdated: 'Price updated.',
} satisfies Record<ScreenMessageKey, string>;

/** A catalogue with the screens' English texts under the language's own (a partial English one). */
export const withScreenTexts = (messages: Messages): Messages => ({ ...enScreens, ...messages });
