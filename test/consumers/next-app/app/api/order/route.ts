/**
 * The order endpoint the widget's `session-url` points at: the buyer's order, checked against this
 * shop's rules, becomes a session created with the secret key (which never leaves this server).
 */
import { createOrderHandler } from 'onramp-checkout/server';

const handleOrder = createOrderHandler({
  // Undefined while `next build` loads this module; set when `next start` serves it.
  secretKey: process.env.ONRAMP_SECRET_KEY,
  apiBase: process.env.ONRAMP_API_BASE,
  // The shop's own origin in production; unset, only a loopback page of this loopback server may order.
  allowedOrigins: process.env.SHOP_ORIGIN ? [process.env.SHOP_ORIGIN] : undefined,
  rules: { minFiatAmount: 2000, maxFiatAmount: 50_000, cryptoCurrencies: ['ETH', 'USDC'], networks: ['ethereum', 'base'] },
  // The proxy in front of this app sets X-Real-IP (the tests play that proxy).
  visitorHeader: 'x-real-ip',
  limit: { burst: 5, perMinute: 5 },
});

export async function POST(request: Request): Promise<Response> {
  return handleOrder(request);
}
