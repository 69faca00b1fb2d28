/** `GET /v1/transactions` and `GET /v1/transactions/:id`: query, list item, detail, pagination. */
import * as z from 'zod/mini';
import { PAGE_LIMIT_MAX, TRANSACTION_STATUSES } from '../product.js';
import { settledFeesSchema } from './fees.js';
import {
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatCurrencySchema,
  networkSchema,
  sessionIdSchema,
  timestampSchema,
  walletAddressSchema,
} from './primitives.js';
import { transactionExample, transactionListExample, transactionListQueryExample } from './examples.js';
import { named } from './named.js';

export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);

const transactionBase = {
  id: z.string(),
  session_id: sessionIdSchema,
  status: transactionStatusSchema,
  wallet_address: walletAddressSchema,
  crypto_currency: cryptoCurrencySchema,
  crypto_amount: decimalStringSchema,
  fiat_currency: fiatCurrencySchema,
  fiat_amount: z.int(),
  network: networkSchema,
  // Shown only when completed: left out otherwise, never null (docs/design.md, "Sessions").
  tx_hash: z.optional(z.string()),
  // Echoed as validated on creation (metadataSchema); not re-checked on the way out.
  metadata: z.optional(z.nullable(z.unknown())),
  created_at: timestampSchema,
  completed_at: z.optional(timestampSchema),
};

export const transactionSchema = named(
  z.object({
    ...transactionBase,
    fees: settledFeesSchema,
    exchange_rate: exchangeRateSchema,
    customer_email: z.optional(z.nullable(z.string())),
  }),
  { id: 'Transaction', example: transactionExample },
);
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListItemSchema = z.object({
  ...transactionBase,
  platform_fee: z.int(),
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

export const paginationSchema = z.object({
  page: z.int(),
  limit: z.int(),
  total: z.int(),
  pages: z.int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const transactionListSchema = named(
  z.object({
    transactions: z.array(transactionListItemSchema),
    pagination: paginationSchema,
  }),
  { id: 'TransactionList', example: transactionListExample },
);
export type TransactionList = z.infer<typeof transactionListSchema>;

/** A positive integer as URL text, up to nine digits. */
const positiveIntText = z.string().check(z.regex(/^[1-9]\d{0,8}$/));
/** The largest page number the query accepts (nine digits). */
export const PAGE_NUMBER_MAX = 999_999_999;
/** `page` as a number: what a client sends, and what the query reads off the URL. */
export const pageNumberSchema = z.int().check(z.gte(1), z.lte(PAGE_NUMBER_MAX));
/** `limit` as a number: 1 to PAGE_LIMIT_MAX. */
export const pageLimitSchema = z.int().check(z.gte(1), z.lte(PAGE_LIMIT_MAX));
/** `YYYY-MM-DD` or a full ISO 8601 timestamp. */
export const dateFilterSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * Query of `GET /v1/transactions`, as strings off the URL. Its output (what the route reads, and what
 * the OpenAPI document describes: `page` and `limit` as integers) is the query a client means.
 */
export const transactionListQuerySchema = named(
  z.object({
    page: z.optional(z.pipe(positiveIntText, z.pipe(z.transform(Number), pageNumberSchema))),
    limit: z.optional(z.pipe(positiveIntText, z.pipe(z.transform(Number), pageLimitSchema))),
    status: z.optional(transactionStatusSchema),
    from: z.optional(dateFilterSchema),
    to: z.optional(dateFilterSchema),
    wallet_address: z.optional(walletAddressSchema),
    crypto_currency: z.optional(cryptoCurrencySchema),
  }),
  { id: 'TransactionListQuery', example: transactionListQueryExample },
);
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;
