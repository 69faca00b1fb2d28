/** `POST /v1/onramp/quote`: any valid key (publishable too), no particular permission. */
import type { Hono } from 'hono';
import { quoteRequestSchema } from '../../../src/contract/write/quote-request.js';
import type { SandboxDeps } from '../deps.js';
import { priceOrder } from '../domain/quote.js';
import { quoteView } from '../domain/answers.js';
import { authenticate } from '../http/auth.js';
import { readJsonObject } from '../http/body.js';
import { idempotent } from '../http/idempotency.js';
import type { ApiEnv } from '../http/types.js';
import { parseWith } from '../http/validation.js';
import { quoteRules, resolveNetwork } from './rules.js';

export function quoteRoutes(app: Hono<ApiEnv>, deps: SandboxDeps): void {
  app.post('/v1/onramp/quote', authenticate(deps, { publishable: true }), async (c) => {
    const body = await readJsonObject(c);
    return idempotent(deps, c, body, () => {
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
      return { status: 200, data: quoteView(priced, deps.clock.now() + deps.sessionService.quoteTtlMs) };
    });
  });
}
