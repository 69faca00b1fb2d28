// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// Pages are prerendered unless they say otherwise (`prerender = false`); the Node adapter's own server
// (standalone) serves both.
export default defineConfig({
  adapter: node({ mode: 'standalone' }),
});
