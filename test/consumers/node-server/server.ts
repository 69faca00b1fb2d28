/**
 * A merchant's plain Node server: `POST /api/order` is the order handler of onramp-checkout/server,
 * through its node:http adapter; the socket's address is the visitor. Settings from the environment.
 */
import { createServer } from 'node:http';
import { createOrderHandler, toNodeListener } from 'onramp-checkout/server';

const handleOrder = toNodeListener(
  createOrderHandler({
    secretKey: process.env.ONRAMP_SECRET_KEY,
    apiBase: process.env.ONRAMP_API_BASE,
    rules: { minFiatAmount: 2000, maxFiatAmount: 50_000, cryptoCurrencies: ['ETH', 'USDC'], networks: ['ethereum', 'base'] },
    limit: { burst: 5, perMinute: 5 },
  }),
);

const server = createServer((req, res) => {
  if (new URL(req.url ?? '/', 'http://localhost').pathname === '/api/order') return void handleOrder(req, res);
  res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/plain' }).end(req.url === '/' ? 'shop' : 'not found');
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
