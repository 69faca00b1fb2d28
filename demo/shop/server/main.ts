/** `npm start` (after the build) and `npm run serve`: the sandbox and the demo merchant pages, configured from the environment (settings.ts). */
import { ConfigError } from '../../onramp-api/index.js';
import { DEMO_PAGES } from './demo-pages.js';
import { startDemo } from './demo-server.js';
import { loadDemoSettings } from './settings.js';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
let settings;
try {
  settings = loadDemoSettings();
} catch (error) {
  fail(error instanceof ConfigError ? `Demo configuration error: ${error.message}` : String(error));
}
const demo = await startDemo(settings).catch((error: unknown) => {
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')
    return fail(`The demo could not start: ${error.message}. Set DEMO_PORT, PORT or CHECKOUT_PORT to free ports.`);
  return fail(error instanceof Error ? error.message : String(error));
});
console.log(
  [
    ...(settings?.publicDemo
      ? [
          `Hosted demo: every visitor gets a test-mode account of their own, deleted after ${settings.publicDemo.accountTtlSeconds} s`,
          '',
        ]
      : []),
    ...DEMO_PAGES.map((page) => `${page.label.padEnd(18)}${demo.url}${page.path}`),
    ...(demo.url === demo.internalUrl ? [] : [`${'Listening on'.padEnd(18)}${demo.internalUrl} (behind ${demo.url})`]),
    `${'Sandbox API'.padEnd(18)}${demo.sandbox.apiUrl}`,
    `${'Hosted checkout'.padEnd(18)}${demo.sandbox.checkoutUrl}`,
    '',
    'Test cards: 4242 4242 4242 4242 pays · 4000 0000 0000 0002 is declined · 4000 0000 0000 9995 fails at delivery',
  ].join('\n'),
);
const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
