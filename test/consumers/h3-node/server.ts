/**
 * A merchant's h3 app (the v1 line Nuxt 3's Nitro runs) on node:http, through h3's own
 * `toNodeListener`, as Nitro's Node server runs it: `POST /api/order` is the order handler of
 * onramp-checkout/server; `getRequestIP` (the socket's address) is the visitor.
 */
import { createServer } from 'node:http';
import { createApp, createRouter, defineEventHandler, getRequestIP, toNodeListener, toWebRequest } from 'h3';
import { handleOrder } from './order-handler.js';

const router = createRouter()
  .get(
    '/',
    defineEventHandler(() => 'shop'),
  )
  .post(
    '/api/order',
    defineEventHandler((event) => handleOrder(toWebRequest(event), { clientAddress: getRequestIP(event) })),
  );
const app = createApp().use(router);

createServer(toNodeListener(app)).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
