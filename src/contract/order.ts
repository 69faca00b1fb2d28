/**
 * Amount first: the order a buyer puts together in the widget's form, and the rules it must meet
 * before anything is asked (docs/reference.md, "Amount first"). Pure: no DOM, no fetch, no timers.
 */
import {
  ASSET_NETWORKS,
  CRYPTO_CURRENCIES,
  FIAT_AMOUNT_MAX,
  FIAT_AMOUNT_MIN,
  FIAT_CURRENCIES,
  NETWORKS,
  type CryptoCurrency,
  type FiatCurrency,
  type Network,
} from './product.js';
import { walletProblem, type WalletProblem } from './wallet-address.js';

/**
 * What "Continue" sends to the merchant's `session-url` (as JSON) or hands to `createSession`:
 * exactly the fields of `POST /v1/onramp` the buyer chose.
 */
export interface OnrampOrder {
  /** In minor units of `fiat_currency` (cents), 1000 to 1000000. */
  fiat_amount: number;
  fiat_currency: FiatCurrency;
  crypto_currency: CryptoCurrency;
  network: Network;
  wallet_address: string;
}

/** What the merchant's attributes allow the buyer to choose. */
export interface OrderChoices {
  fiats: FiatCurrency[];
  cryptos: CryptoCurrency[];
  networks: Network[];
}

/** The form's attributes as written (comma-separated lists, presets). */
export interface OrderAttributes {
  fiatCurrencies?: string | null;
  cryptoCurrencies?: string | null;
  networks?: string | null;
  fiatCurrency?: string | null;
  cryptoCurrency?: string | null;
  network?: string | null;
  /** Minor units. */
  fiatAmount?: string | null;
  walletAddress?: string | null;
}

/** The form as the buyer left it: the amount as typed, the rest chosen from the lists. */
export interface OrderDraft {
  amountText: string;
  fiat: FiatCurrency;
  crypto: CryptoCurrency;
  network: Network;
  wallet: string;
}

/** Preset amounts, in major units of the fiat currency. */
export const PRESET_AMOUNTS = [50, 100, 250, 500] as const;

/** The amount shown at first when `fiat-amount` does not say. */
export const DEFAULT_AMOUNT_MINOR = 10_000;

/** The members of `all` a comma-separated list names (any case); all of them when it names none. */
function listed<T extends string>(list: string | null | undefined, all: readonly T[], upper: boolean): T[] {
  const names = (list ?? '').split(',').map((name) => (upper ? name.trim().toUpperCase() : name.trim().toLowerCase()));
  const chosen = all.filter((value) => names.includes(value));
  return chosen.length ? chosen : [...all];
}

/** The networks `crypto` may be delivered on among those allowed (the product's order: default first). */
export function networksFor(crypto: CryptoCurrency, allowed: readonly Network[]): Network[] {
  return ASSET_NETWORKS[crypto].filter((network) => allowed.includes(network));
}

/**
 * The choices the attributes leave: only pairs the product list allows, so an asset with no allowed
 * network is not offered (a list that leaves no pair at all is ignored: every asset then).
 */
export function orderChoices(attributes: OrderAttributes): OrderChoices {
  const fiats = listed(attributes.fiatCurrencies, FIAT_CURRENCIES, true);
  const networks = listed(attributes.networks, NETWORKS, false);
  const cryptos = listed(attributes.cryptoCurrencies, CRYPTO_CURRENCIES, true).filter(
    (crypto) => networksFor(crypto, networks).length,
  );
  return cryptos.length
    ? { fiats, cryptos, networks }
    : { fiats, cryptos: [...CRYPTO_CURRENCIES], networks: [...NETWORKS] };
}

/** A draft whose currency, asset and network are among `choices` (the network one of the asset's). */
export function fitDraft(draft: OrderDraft, choices: OrderChoices): OrderDraft {
  // `orderChoices` never leaves a list empty, nor an asset without a network; the product's first
  // values stand in for a hand-made `choices` that does.
  const fiat = choices.fiats.includes(draft.fiat) ? draft.fiat : (choices.fiats[0] ?? FIAT_CURRENCIES[0]);
  const crypto = choices.cryptos.includes(draft.crypto) ? draft.crypto : (choices.cryptos[0] ?? CRYPTO_CURRENCIES[0]);
  const networks = networksFor(crypto, choices.networks);
  const network = networks.includes(draft.network) ? draft.network : (networks[0] ?? ASSET_NETWORKS[crypto][0]);
  return { ...draft, fiat, crypto, network };
}

/** The first draft: the attributes' presets where allowed, else the first choices. */
export function initialDraft(attributes: OrderAttributes, choices: OrderChoices, decimal: string): OrderDraft {
  const minor = Number(attributes.fiatAmount);
  return fitDraft(
    {
      amountText: amountText(Number.isSafeInteger(minor) && minor > 0 ? minor : DEFAULT_AMOUNT_MINOR, decimal),
      fiat: (attributes.fiatCurrency ?? '').toUpperCase() as FiatCurrency,
      crypto: (attributes.cryptoCurrency ?? '').toUpperCase() as CryptoCurrency,
      network: (attributes.network ?? '').toLowerCase() as Network,
      wallet: (attributes.walletAddress ?? '').trim(),
    },
    choices,
  );
}

/** Minor units as the buyer would type them: `100`, or `12.50` (the locale's decimal separator). */
export function amountText(minor: number, decimal: string): string {
  const cents = minor % 100;
  return `${Math.floor(minor / 100)}${cents ? `${decimal}${String(cents).padStart(2, '0')}` : ''}`;
}

/**
 * A typed amount in minor units, or `null` when it is not one: digits, optionally grouped by the
 * locale's separator, spaces or apostrophes, with at most two decimals after the locale's decimal
 * separator (a `.` is read as decimal too when the locale's is `,` and no `,` is there). No floats.
 */
export function parseAmount(text: string, decimal: string): number | null {
  let value = text
    .replace(/[\s\u00a0\u202f'’]/g, '')
    // Arabic-Indic and Persian digits, and the Arabic decimal separator, as typed on those keyboards.
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 15))
    .replace(/\u066b/g, decimal);
  const group = decimal === ',' ? '.' : ',';
  // "12.5" in a comma locale: the buyer meant a decimal point (two decimals at most after it).
  if (decimal === ',' && !value.includes(',') && /^\d*\.\d{1,2}$/.test(value)) value = value.replace('.', ',');
  const [whole = '', fraction, extra] = value.split(decimal);
  if (extra !== undefined || (fraction !== undefined && !/^\d{0,2}$/.test(fraction))) return null;
  // Groups of three digits after the first: "1,000" and "10,000" in English, "1.000" in German.
  if (!/^(\d+|\d{1,3}(\.\d{3})+|\d{1,3}(,\d{3})+)$/.test(whole) || (/[.,]/.test(whole) && !whole.includes(group)))
    return whole === '' && fraction ? parseAmount(`0${decimal}${fraction}`, decimal) : null;
  const digits = whole.replaceAll(group, '');
  const minor = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

export type AmountProblem = 'invalid' | 'min' | 'max';

/** Why an amount is refused before any request, or `null`: 10.00 to 10,000.00 only. */
export function amountProblem(minor: number | null): AmountProblem | null {
  return minor === null ? 'invalid' : minor < FIAT_AMOUNT_MIN ? 'min' : minor > FIAT_AMOUNT_MAX ? 'max' : null;
}

export interface CheckedDraft {
  /** The amount in minor units when it parses. */
  minor: number | null;
  amount: AmountProblem | null;
  wallet: WalletProblem | null;
  /** The order, when nothing is wrong. */
  order: OnrampOrder | null;
  /** What a quote is asked for (the order without the wallet), when the amount is allowed. */
  quoteKey: string | null;
}

/** A draft checked: what is wrong with it, and the order when nothing is. */
export function checkDraft(draft: OrderDraft, decimal: string): CheckedDraft {
  const minor = parseAmount(draft.amountText, decimal);
  const amount = amountProblem(minor);
  const wallet = walletProblem(draft.wallet.trim(), draft.network);
  const priced = amount === null && minor !== null;
  return {
    minor,
    amount,
    wallet,
    order:
      priced && !wallet
        ? {
            fiat_amount: minor,
            fiat_currency: draft.fiat,
            crypto_currency: draft.crypto,
            network: draft.network,
            wallet_address: draft.wallet.trim(),
          }
        : null,
    quoteKey: priced ? quoteKey(minor, draft) : null,
  };
}

/** The quote request an order needs, as one comparable string. */
export const quoteKey = (minor: number, { fiat, crypto, network }: Pick<OrderDraft, 'fiat' | 'crypto' | 'network'>) =>
  `${minor} ${fiat} ${crypto} ${network}`;

/** The quote key of an order the form continued with. */
export const orderQuoteKey = (order: OnrampOrder) =>
  quoteKey(order.fiat_amount, { fiat: order.fiat_currency, crypto: order.crypto_currency, network: order.network });

/** The body of `POST /v1/onramp/quote` for a quote key. */
export function quoteBody(key: string): {
  fiat_amount: number;
  fiat_currency: string;
  crypto_currency: string;
  network: string;
} {
  const [amount = '0', fiat = '', crypto = '', network = ''] = key.split(' ');
  return { fiat_amount: Number(amount), fiat_currency: fiat, crypto_currency: crypto, network };
}
