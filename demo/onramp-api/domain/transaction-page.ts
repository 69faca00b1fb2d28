/**
 * A page of transactions as the bytes of `successBody({ transactions, pagination })`, streamed: the
 * page's ids are read at once (the index only), its rows ten at a time (at most 80 KB with the
 * largest metadata), the first after a turn of the event loop, the others in its spare time
 * (http/sliced-json.ts, http/spare-time.ts). A row deleted
 * between two slices (its account's end) is left out.
 */
import type { KeyEnvironment } from '../../../src/contract/product.js';
import { successBody } from '../../http-common/envelope.js';
import type { SessionsRepo } from '../db/sessions.js';
import { slicedJsonStream } from '../http/sliced-json.js';
import { transactionListItemJson } from './list-item-json.js';

/** Rows read and written in one go: about a millisecond of work on this repository's 2-core machine. */
export const PAGE_SLICE = 10;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface TransactionPage {
  sessions: SessionsRepo;
  accountId: string;
  environment: KeyEnvironment;
  ids: readonly string[];
  pagination: Pagination;
  /** Resolves when the next slice may go (after the first: the loop's spare time). */
  waitForTurn(): Promise<void>;
  onEnd(error?: unknown): void;
}

/** Where the list goes in the envelope, which `successBody` writes itself (a string JSON writes as it is). */
const PLACE = 'transactions-go-here';

export function transactionPageStream(page: TransactionPage): ReadableStream<Uint8Array> {
  const [head = '', tail = ''] = successBody({ transactions: PLACE, pagination: page.pagination }).split(
    JSON.stringify(PLACE),
  );
  return slicedJsonStream(
    {
      head: `${head}[`,
      tail: `]${tail}`,
      ids: page.ids,
      read: (ids) => page.sessions.listedRows(ids, page.accountId, page.environment).map(transactionListItemJson),
      onEnd: (error) => page.onEnd(error),
    },
    PAGE_SLICE,
    () => page.waitForTurn(),
  );
}
