/** `GET /v1/transactions` (filtered, paginated, newest first) and `GET /v1/transactions/:id`. */
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, TRANSACTION_STATUSES } from '../../../src/contract/product.js';
import { transactionListQuerySchema } from '../../../src/contract/write/transaction.js';
import { JSON_CONTENT_TYPE } from '../../http-common/envelope.js';
import { transactionAnswer } from '../domain/answers.js';
import { transactionPageStream } from '../domain/transaction-page.js';
import { ErrorAnswer, sendData } from '../http/errors.js';
import { type SomeOperationHandlers, pathParam } from '../http/operation-routes.js';
import { type FieldRule, message, parseWith } from '../http/validation.js';
import { cryptoCurrencyRule, walletRule } from './rules.js';

const dateRule = (field: string): FieldRule =>
  message(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone, such as 2025-01-31T12:00:00Z`);

const listRules: Readonly<Record<string, FieldRule>> = {
  page: message('page must be a positive integer'),
  limit: message(`limit must be an integer between 1 and ${PAGE_LIMIT_MAX}`),
  status: message(`status must be one of ${TRANSACTION_STATUSES.join(', ')}`),
  from: dateRule('from'),
  to: dateRule('to'),
  wallet_address: walletRule,
  crypto_currency: cryptoCurrencyRule,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds of a date filter; a date-only `to` covers that whole UTC day. */
function dateBound(field: 'from' | 'to', text: string): number {
  const ms = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) throw new ErrorAnswer('VALIDATION_ERROR', dateRule(field)(text).message, { param: field });
  if (field === 'from') return ms;
  return DATE_ONLY.test(text) ? ms + DAY_MS : ms + 1;
}

export const transactionHandlers = {
  // A page can be most of a megabyte: streamed a slice at a time in the loop's spare time
  // (http/spare-time.ts), one page per account at once (http-common/turns.ts), so one caller's pages never
  // hold the event loop every caller shares.
  listTransactions: async (c, deps) => {
    const key = c.get('apiKey');
    const query = parseWith(transactionListQuerySchema, c.req.query(), listRules);
    const page = query.page ?? 1;
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    const filter = {
      accountId: key.accountId,
      environment: key.environment,
      ...(query.status ? { status: query.status } : {}),
      ...(query.from ? { fromMs: dateBound('from', query.from) } : {}),
      ...(query.to ? { toMsExclusive: dateBound('to', query.to) } : {}),
      ...(query.wallet_address ? { walletAddress: query.wallet_address } : {}),
      ...(query.crypto_currency ? { cryptoCurrency: query.crypto_currency } : {}),
      limit,
      offset: (page - 1) * limit,
    };
    const turn = deps.pageTurns.take(`${key.accountId}:${key.environment}`);
    if (!turn)
      throw new ErrorAnswer('RATE_LIMITED', 'Too many transaction pages at once; retry in 1 s', {
        headers: { 'Retry-After': '1' },
      });
    const release = await turn;
    try {
      deps.sessionService.sweep();
      const { ids, total } = deps.sessions.pageIds(filter);
      const headers = { 'Content-Type': JSON_CONTENT_TYPE };
      // Hono answers HEAD from this route and drops the body unread: nothing to stream then.
      if (c.req.method === 'HEAD') {
        release();
        return c.body(null, 200, headers);
      }
      const stream = transactionPageStream({
        sessions: deps.sessions,
        accountId: key.accountId,
        environment: key.environment,
        ids,
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
        waitForTurn: () => deps.spareTime.wait(),
        onEnd: (error) => {
          release();
          if (error !== undefined)
            deps.log(
              `[sandbox] ${c.get('requestId')} transaction page failed: ${error instanceof Error ? (error.stack ?? error.message) : 'unknown error'}`,
            );
        },
      });
      return c.body(stream, 200, headers);
    } catch (error) {
      release();
      throw error;
    }
  },

  retrieveTransaction: (c, deps) => {
    const key = c.get('apiKey');
    const id = pathParam(c, 'id');
    deps.sessionService.sweep();
    const row = deps.sessions.findByTransactionId(id, key.accountId, key.environment);
    if (!row) throw new ErrorAnswer('NOT_FOUND', `No transaction ${id}`, { param: 'id' });
    return sendData(c, transactionAnswer(row));
  },
} satisfies SomeOperationHandlers;
