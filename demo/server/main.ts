/** `npm start`: the sandbox and the demo merchant pages, configured from the environment. */
import { loadConfig } from '../sandbox/config.js';
import { DEMO_PAGES } from './demo-pages.js';
import { startDemo } from './demo-server.js';

const port = Number(process.env.DEMO_PORT ?? 8080);
const demo = await startDemo({ port, sandbox: loadConfig() }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(
  [
    ...DEMO_PAGES.map((page) => `${page.label.padEnd(18)}${demo.url}${page.path}`),
    `${'Sandbox API'.padEnd(18)}${demo.sandbox.apiUrl}`,
    `${'Hosted checkout'.padEnd(18)}${demo.sandbox.checkoutUrl}`,
    '',
    'Test cards: 4242 4242 4242 4242 pays · 4000 0000 0000 0002 is declined · 4000 0000 0000 9995 fails at delivery',
  ].join('\n'),
);
const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
