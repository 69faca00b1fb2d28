/**
 * The merchant's own rules for the buyer's order (amount bounds, fiat currencies, assets, networks),
 * and the order's body as the widget sends it, read with the contract's schemas. Pure: no request,
 * no clock. `order-handler.ts` applies them before it creates a session.
 */
import * as z from 'zod/mini';
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
} from '../contract/product.js';
import {
  cryptoCurrencySchema,
  fiatCurrencySchema,
  networkSchema,
  walletAddressSchema,
} from '../contract/write/primitives.js';

/**
 * What the merchant sells. Every field defaults to the API's product list (`src/contract/product.ts`); each narrows it, never widens
 * it (a value the API does not know is refused when the handler is created).
 */
export interface OrderRules {
  /** Smallest `fiat_amount`, in minor units (cents). Default 1000 (10.00), the API's own minimum. */
  minFiatAmount?: number;
  /** Largest `fiat_amount`, in minor units (cents). Default 1000000 (10,000.00), the API's own maximum. */
  maxFiatAmount?: number;
  /** Fiat currencies the merchant accepts. Default: every one of the product list (`USD`, `EUR`, `GBP`). */
  fiatCurrencies?: readonly FiatCurrency[];
  /** Assets the merchant sells. Default: every one of the product list (`ETH`, `USDC`, `USDT`, `MATIC`). */
  cryptoCurrencies?: readonly CryptoCurrency[];
  /**
   * Networks the merchant delivers on. Default: every one of the product list. A pair is allowed when
   * both are allowed here and the API delivers that asset on that network (`ETH` on `polygon` never is).
   */
  networks?: readonly Network[];
}

/** The rules with every default filled in and checked. */
export interface ResolvedOrderRules {
  minFiatAmount: number;
  maxFiatAmount: number;
  fiatCurrencies: readonly FiatCurrency[];
  cryptoCurrencies: readonly CryptoCurrency[];
  networks: readonly Network[];
}

function subset<T extends string>(name: string, given: readonly T[] | undefined, all: readonly T[]): readonly T[] {
  if (given === undefined) return all;
  if (!Array.isArray(given) || (given as readonly T[]).length === 0)
    throw new TypeError(`onramp-checkout/server: rules.${name} must list at least one of ${all.join(', ')}`);
  const list: readonly T[] = given;
  const unknown = list.filter((value) => !all.includes(value));
  if (unknown.length)
    throw new TypeError(
      `onramp-checkout/server: rules.${name} has ${unknown.join(', ')}, which the API does not know (${all.join(', ')})`,
    );
  return [...new Set(list)];
}

/** Fills in the defaults and refuses rules that could never let an order through (thrown once, at setup). */
export function resolveOrderRules(rules: OrderRules = {}): ResolvedOrderRules {
  const minFiatAmount = rules.minFiatAmount ?? FIAT_AMOUNT_MIN;
  const maxFiatAmount = rules.maxFiatAmount ?? FIAT_AMOUNT_MAX;
  for (const [name, value] of [
    ['minFiatAmount', minFiatAmount],
    ['maxFiatAmount', maxFiatAmount],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < FIAT_AMOUNT_MIN || value > FIAT_AMOUNT_MAX)
      throw new TypeError(
        `onramp-checkout/server: rules.${name} is in minor units (cents), an integer from ${FIAT_AMOUNT_MIN} to ${FIAT_AMOUNT_MAX}`,
      );
  }
  if (minFiatAmount > maxFiatAmount)
    throw new TypeError('onramp-checkout/server: rules.minFiatAmount is larger than rules.maxFiatAmount');
  const resolved = {
    minFiatAmount,
    maxFiatAmount,
    fiatCurrencies: subset('fiatCurrencies', rules.fiatCurrencies, FIAT_CURRENCIES),
    cryptoCurrencies: subset('cryptoCurrencies', rules.cryptoCurrencies, CRYPTO_CURRENCIES),
    networks: subset('networks', rules.networks, NETWORKS),
  };
  if (!resolved.cryptoCurrencies.some((asset) => ASSET_NETWORKS[asset].some((net) => resolved.networks.includes(net))))
    throw new TypeError('onramp-checkout/server: no asset of rules.cryptoCurrencies is delivered on rules.networks');
  return resolved;
}

/**
 * The buyer's order as the widget POSTs it. Unknown fields are dropped (the buyer never sets
 * `metadata`, `customer_email` or `return_url`: the handler's own hooks do). `fiat_amount`'s bounds
 * are the merchant's, checked after the parse so the answer can say `AMOUNT_OUT_OF_RANGE`.
 */
export const buyerOrderSchema = z.object({
  fiat_amount: z.int(),
  fiat_currency: fiatCurrencySchema,
  crypto_currency: cryptoCurrencySchema,
  network: z.optional(networkSchema),
  wallet_address: z.optional(walletAddressSchema),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

/** The message of the first field `buyerOrderSchema` refused, and its error code. */
export function schemaProblem(field: string): {
  code: 'VALIDATION_ERROR' | 'UNSUPPORTED_NETWORK' | 'INVALID_WALLET_ADDRESS';
  message: string;
} {
  switch (field) {
    case 'fiat_amount':
      return { code: 'VALIDATION_ERROR', message: 'fiat_amount must be an integer number of minor units (cents)' };
    case 'fiat_currency':
      return { code: 'VALIDATION_ERROR', message: 'fiat_currency must be one of USD, EUR, GBP' };
    case 'crypto_currency':
      return { code: 'VALIDATION_ERROR', message: 'crypto_currency must be one of ETH, USDC, USDT, MATIC' };
    case 'network':
      return { code: 'UNSUPPORTED_NETWORK', message: 'network must be one of ethereum, polygon, base' };
    case 'wallet_address':
      return { code: 'INVALID_WALLET_ADDRESS', message: 'wallet_address must be 0x and 40 hexadecimal digits' };
    default:
      return { code: 'VALIDATION_ERROR', message: 'The body must be a JSON object with the order' };
  }
}

/** The order once the rules have passed it: the network is always set. */
export interface CheckedOrder {
  fiat_amount: number;
  fiat_currency: FiatCurrency;
  crypto_currency: CryptoCurrency;
  network: Network;
  wallet_address?: string | undefined;
}

/** Why an order breaks the rules: an error code of the handler, the field, and a message for the buyer's developer. */
export interface RuleFailure {
  code: 'AMOUNT_OUT_OF_RANGE' | 'VALIDATION_ERROR' | 'UNSUPPORTED_NETWORK';
  param: string;
  message: string;
}

const major = (minor: number): string => (minor / 100).toFixed(2);

/** The order against the rules: the checked order (its network chosen when absent), or the first failure. */
export function checkOrder(
  order: BuyerOrder,
  rules: ResolvedOrderRules,
): { ok: true; order: CheckedOrder } | { ok: false; failure: RuleFailure } {
  if (order.fiat_amount < rules.minFiatAmount || order.fiat_amount > rules.maxFiatAmount)
    return {
      ok: false,
      failure: {
        code: 'AMOUNT_OUT_OF_RANGE',
        param: 'fiat_amount',
        message: `fiat_amount must be from ${rules.minFiatAmount} to ${rules.maxFiatAmount} minor units (${major(rules.minFiatAmount)} to ${major(rules.maxFiatAmount)} ${order.fiat_currency})`,
      },
    };
  if (!rules.fiatCurrencies.includes(order.fiat_currency))
    return {
      ok: false,
      failure: {
        code: 'VALIDATION_ERROR',
        param: 'fiat_currency',
        message: `fiat_currency must be one of ${rules.fiatCurrencies.join(', ')}`,
      },
    };
  if (!rules.cryptoCurrencies.includes(order.crypto_currency))
    return {
      ok: false,
      failure: {
        code: 'VALIDATION_ERROR',
        param: 'crypto_currency',
        message: `crypto_currency must be one of ${rules.cryptoCurrencies.join(', ')}`,
      },
    };
  const allowed = ASSET_NETWORKS[order.crypto_currency].filter((network) => rules.networks.includes(network));
  const network = order.network ?? allowed[0];
  if (network === undefined || !allowed.includes(network))
    return {
      ok: false,
      failure: {
        code: 'UNSUPPORTED_NETWORK',
        param: 'network',
        message: allowed.length
          ? `${order.crypto_currency} is delivered on ${allowed.join(', ')} only`
          : `${order.crypto_currency} is not delivered on any network this shop allows`,
      },
    };
  return { ok: true, order: { ...order, network } };
}
