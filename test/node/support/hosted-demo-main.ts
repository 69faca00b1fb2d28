/**
 * The public demo as `demo/shop/server/main.ts` starts it (settings from the environment), with one
 * test-only change: `TEST_CREATIONS_PER_ACCOUNT=<burst>` lets a load test make its 100 sessions at
 * once instead of one every 2 s. Every other limit (the secret key's 100 then 25 a second above
 * all) is the real one.
 */
import { startDemo } from '../../../demo/shop/server/demo-server.js';
import { loadDemoSettings } from '../../../demo/shop/server/settings.js';

const settings = loadDemoSettings();
const burst = Number(process.env.TEST_CREATIONS_PER_ACCOUNT ?? '');
if (settings.publicDemo && Number.isInteger(burst) && burst > 0)
  settings.publicDemo.creationsPerAccount = { burst, perSecond: 0.5 };
if (settings.publicDemo && Number.isInteger(burst) && burst > 0)
  settings.publicDemo.creationsPerAddress = { burst, perSecond: 1 };
const demo = await startDemo(settings);
// One write, the line the starter waits for last.
console.log(`Sandbox API       ${demo.sandbox.internalApiUrl}\nListening on      ${demo.internalUrl}`);
process.once('SIGTERM', () => void demo.close().then(() => process.exit(0)));
