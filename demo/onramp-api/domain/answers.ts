/** Database rows to the contract's response shapes (fees in major units or cents, as the spec shows). */
import type { ApiKey, CreatedApiKey } from '../../../src/contract/write/api-key.js';
import type { CreatedSession, SessionStatusView } from '../../../src/contract/write/session.js';
import type { Quote } from '../../../src/contract/write/quote.js';
import type { Transaction, TransactionListItem } from '../../../src/contract/write/transaction.js';
import type { TransactionStatus } from '../../../src/contract/product.js';
import { FIAT_MINOR_DIGITS } from '../../../src/contract/product.js';
import { minorToMajorNumber } from '../../../src/contract/money.js';
import type { ApiKeyRecord } from '../db/api-keys.js';
import type { ListItemRow, SessionRow } from '../db/sessions.js';
import { iso } from './clock.js';
import type { FeeBreakdown } from './fees.js';
import type { PricedOrder } from './quote.js';

const major = (minor: number): number => minorToMajorNumber(minor, FIAT_MINOR_DIGITS);

export function quotedFees(fees: FeeBreakdown): CreatedSession['fees'] {
  return {
    platform_fee: major(fees.platform_fee),
    network_fee: major(fees.network_fee),
    processing_fee: major(fees.processing_fee),
    total_fee: major(fees.total_fee),
  };
}

export function rowFees(row: SessionRow): FeeBreakdown {
  const { platform_fee, network_fee, processing_fee } = row;
  return { platform_fee, network_fee, processing_fee, total_fee: platform_fee + network_fee + processing_fee };
}

export function checkoutRedirectUrl(checkoutUrl: string, sessionId: string, token: string): string {
  return `${checkoutUrl}/pay/${sessionId}?t=${token}`;
}

export function createdSessionAnswer(row: SessionRow, clientSecret: string, redirectUrl: string): CreatedSession {
  return {
    session_id: row.id,
    client_secret: clientSecret,
    redirect_url: redirectUrl,
    expires_at: iso(row.expires_at),
    estimated_crypto_amount: row.crypto_amount,
    fees: quotedFees(rowFees(row)),
    exchange_rate: Number(row.exchange_rate),
    quote_expires_at: iso(row.quote_expires_at),
  };
}

/** `tx_hash` and `completed_at` exist only once completed: left out before, never `null`. */
const completedFields = (row: ListItemRow): { tx_hash?: string; completed_at?: string } =>
  row.status === 'completed'
    ? {
        ...(row.tx_hash === null ? {} : { tx_hash: row.tx_hash }),
        ...(row.completed_at === null ? {} : { completed_at: iso(row.completed_at) }),
      }
    : {};

const metadataOf = (row: SessionRow): Record<string, string | number | boolean | null> =>
  row.metadata ? (JSON.parse(row.metadata) as Record<string, string | number | boolean | null>) : {};

/** `GET /v1/onramp`: the spec's status shape plus docs/design.md's extensions. */
export function sessionStatusAnswer(row: SessionRow, redirectUrl: string | undefined): SessionStatusView {
  // The transaction detail's fields, with the session's own five-state status and, as the spec
  // shows for this answer, fees as decimal numbers in major units.
  return {
    ...transactionBase(row, metadataOf(row)),
    status: row.status,
    fees: statusFees(row),
    expires_at: iso(row.expires_at),
    quote_expires_at: iso(row.quote_expires_at),
    exchange_rate: Number(row.exchange_rate),
    estimated_crypto_amount: row.crypto_amount,
    ...(redirectUrl === undefined ? {} : { redirect_url: redirectUrl }),
  };
}

const statusFees = (row: SessionRow) => ({
  platform_fee: major(row.platform_fee),
  network_fee: major(row.network_fee),
  processing_fee: major(row.processing_fee),
});

const settledFees = (row: SessionRow) => ({
  platform_fee: row.platform_fee,
  network_fee: row.network_fee,
  processing_fee: row.processing_fee,
});

/** The transaction answers know four states: an expired session is `failed` there. */
export const transactionStatus = (row: Pick<SessionRow, 'status'>): TransactionStatus =>
  row.status === 'expired' ? 'failed' : row.status;

/** The fields every transaction answer has, `metadata` (parsed, or as given) in its place. */
function transactionBase<M>(row: ListItemRow, metadata: M) {
  return {
    id: row.transaction_id,
    session_id: row.id,
    status: transactionStatus(row),
    wallet_address: row.wallet_address,
    crypto_currency: row.crypto_currency,
    crypto_amount: row.crypto_amount,
    fiat_currency: row.fiat_currency,
    fiat_amount: row.fiat_amount,
    network: row.network,
    ...completedFields(row),
    metadata,
    created_at: iso(row.created_at),
  };
}

export function transactionAnswer(row: SessionRow): Transaction {
  const base = transactionBase(row, metadataOf(row));
  return {
    ...base,
    fees: settledFees(row),
    exchange_rate: Number(row.exchange_rate),
    customer_email: row.customer_email,
  };
}

export function transactionListItemAnswer(row: SessionRow): TransactionListItem {
  return listItem(row, metadataOf(row));
}

/** A list item with `metadata` as given: a streamed page gives the stored text's bytes (list-item-json.ts). */
export function listItem<M>(row: ListItemRow, metadata: M): Omit<TransactionListItem, 'metadata'> & { metadata: M } {
  return { ...transactionBase(row, metadata), platform_fee: row.platform_fee };
}

export function quoteAnswer(priced: PricedOrder, expiresAt: number): Quote {
  return {
    fiat_amount: priced.fiatAmount,
    fiat_currency: priced.fiatCurrency,
    crypto_currency: priced.cryptoCurrency,
    crypto_amount: priced.cryptoAmount,
    exchange_rate: Number(priced.rateDecimal),
    fees: quotedFees(priced.fees),
    expires_at: iso(expiresAt),
    network: priced.network,
  };
}

export function apiKeyAnswer(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    environment: record.environment,
    type: record.type,
    prefix: record.prefix,
    permissions: record.permissions,
    last_used_at: record.lastUsedAt === null ? null : iso(record.lastUsedAt),
    created_at: iso(record.createdAt),
  };
}

export function createdApiKeyAnswer(record: ApiKeyRecord, key: string): CreatedApiKey {
  return {
    id: record.id,
    key,
    name: record.name,
    environment: record.environment,
    type: record.type,
    prefix: record.prefix,
    permissions: record.permissions,
    created_at: iso(record.createdAt),
  };
}
