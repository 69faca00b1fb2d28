/**
 * `POST /v1/onramp/quote`: any valid key (publishable too), no particular permission. A quote creates
 * nothing, so it stores nothing (no idempotent replay: the public key could otherwise fill the
 * database with one stored answer per fresh `Idempotency-Key`); only its rate limits count it.
 */
import { quoteRequestSchema } from '../../../src/contract/write/quote-request.js';
import { priceOrder } from '../domain/quote.js';
import { quoteAnswer } from '../domain/answers.js';
import { readJsonObject } from '../http/body.js';
import { sendData } from '../http/errors.js';
import type { SomeOperationHandlers } from '../http/operation-routes.js';
import { parseWith } from '../http/validation.js';
import { quoteRules, resolveNetwork } from './rules.js';

export const quoteHandlers = {
  createQuote: async (c, deps) => {
    const body = await readJsonObject(c);
    const input = parseWith(quoteRequestSchema, body, quoteRules);
    const network = resolveNetwork(input.crypto_currency, input.network);
    const priced = priceOrder(
      {
        fiatAmount: input.fiat_amount,
        fiatCurrency: input.fiat_currency,
        cryptoCurrency: input.crypto_currency,
        network,
      },
      deps.clock.priceNow(),
    );
    return sendData(c, quoteAnswer(priced, deps.clock.now() + deps.sessionService.quoteTtlMs));
  },
} satisfies SomeOperationHandlers;
