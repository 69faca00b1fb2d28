/**
 * A merchant's plain Node server: `POST /api/order` is the order handler of onramp-checkout/server,
 * through its node:http adapter; the socket's address is the visitor. Settings from the environment.
 */
import { createServer } from 'node:http';
import { toNodeListener } from 'onramp-checkout/server';
import { handleOrder } from './order-handler.js';

const orders = toNodeListener(handleOrder);

const server = createServer((req, res) => {
  if (new URL(req.url ?? '/', 'http://localhost').pathname === '/api/order') return void orders(req, res);
  res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/plain' }).end(req.url === '/' ? 'shop' : 'not found');
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
