import { startNextApp, startTestSandbox } from '../servers.ts';
const sandbox = await startTestSandbox();
const app = await startNextApp(sandbox);
for (const p of ['/element', '/server-rendered']) { const r = await fetch(app.url + p); console.log(p, r.status, (await r.text()).length); }
await app.close(); await sandbox.close();
