/**
 * The shop's order endpoint (onramp-checkout/server), its settings from the environment: the secret
 * key never leaves this server.
 */
import { createOrderHandler } from 'onramp-checkout/server';

export const handleOrder = createOrderHandler({
  secretKey: process.env.ONRAMP_SECRET_KEY,
  apiBase: process.env.ONRAMP_API_BASE,
  // The shop's own origin in production; unset, only a loopback page of this loopback server may order.
  allowedOrigins: process.env.SHOP_ORIGIN ? [process.env.SHOP_ORIGIN] : undefined,
  rules: { minFiatAmount: 2000, maxFiatAmount: 50_000, cryptoCurrencies: ['ETH', 'USDC'], networks: ['ethereum', 'base'] },
  limit: { burst: 5, perMinute: 5 },
});
