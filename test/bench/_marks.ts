import { chromium } from 'playwright-core';
import { startDemo } from '/work/wt-12/demo/server/demo-server.js';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
const INSTR = `(() => { const attach = Element.prototype.attachShadow; Element.prototype.attachShadow = function (init) { const root = attach.call(this, init); const o = new MutationObserver(() => { if (root.querySelector('[part="crypto-amount"]')) { performance.mark('ORDER'); o.disconnect(); } }); o.observe(root, { childList: true, subtree: true }); return root; }; })();`;
for (const path of (process.argv[2] ?? '/demo/session,/demo/script-tag').split(',')) {
  const rows: Record<string, number[]> = {};
  for (let i = 0; i < Number(process.env.N ?? 4); i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(INSTR);
    await page.goto(demo.url + path);
    await page.locator('onramp-checkout').locator('[part=crypto-amount]').waitFor();
    await page.waitForTimeout(200);
    const marks = (await page.evaluate(`(() => { const s = performance.getEntriesByType('resource').find(e => e.name.endsWith('iife.js')); const api = performance.getEntriesByType('resource').find(e => e.name.includes('/v1/onramp?')); const out = { 'script end': s.responseEnd }; if (api) { out['api start'] = api.startTime; out['api end'] = api.responseEnd; } for (const m of performance.getEntriesByType('mark')) out[m.name] ??= m.startTime; return out; })()`)) as Record<string, number>;
    const base = marks['script end']!;
    for (const [k, v] of Object.entries(marks)) (rows[k] ??= []).push(v - base);
    await context.close();
  }
  console.log(path);
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  for (const [k, v] of Object.entries(rows).sort((a, b) => med(a[1]) - med(b[1]))) console.log('  ' + k.padEnd(28) + v.map((x) => x.toFixed(0).padStart(6)).join('') + '   med ' + med(v).toFixed(0));
}
await demo.close(); await browser.close();
