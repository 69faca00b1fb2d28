/**
 * A merchant's Hono app on Node (`@hono/node-server`): `POST /api/order` is the order handler of
 * onramp-checkout/server; the connection's address (`getConnInfo`) is the visitor.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { handleOrder } from './order-handler.js';

const app = new Hono();
app.get('/', (c) => c.text('shop'));
app.post('/api/order', (c) => handleOrder(c.req.raw, { clientAddress: getConnInfo(c).remote.address }));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
