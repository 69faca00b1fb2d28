/**
 * The widget under faults and hostile input, on the built script-tag bundle: every API answer is
 * scripted (Playwright routes) and time is driven with `page.clock`, so nothing here sleeps.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import * as fc from 'fast-check';
import { successRead } from '../../src/contract/read/envelope.js';
import { sessionStatusRead } from '../../src/contract/read/session.js';
import {
  CHECKOUT_ORIGIN,
  fetchTimes,
  openHarness,
  recordedEvents,
  recordedProblems,
  runClockWhileIdle,
  statusBody,
  type ApiAnswer,
} from './harness.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

/**
 * A page in a context of its own that closes at the end of the scope (`await using`). Its own
 * context, because Playwright's clock belongs to the context and replays every earlier
 * install/pauseAt/runFor into each new page: pages sharing one context would start at a clock
 * state left behind by the runs before them.
 */
async function openPage(browser: Browser): Promise<Page & AsyncDisposable> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return Object.assign(page, { [Symbol.asyncDispose]: () => context.close() });
}
const widget = 'onramp-checkout';
const ok = (body: unknown, headers: Record<string, string> = {}): ApiAnswer => ({
  body: JSON.stringify(body),
  headers,
});
const fail = (status: number, code: string, headers: Record<string, string> = {}): ApiAnswer => ({
  status,
  body: JSON.stringify({ success: false, error: { code, message: `${code} happened`, request_id: 'req_1' } }),
  headers,
});

test.describe('mangled responses', () => {
  test('any mangled status body: a readable error or the last good state, never an uncaught error', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const good = statusBody(T0);
    const data = good.data as Record<string, unknown>;
    const keys = Object.keys(data);
    const mutation = fc.oneof(
      fc.nat({ max: 400 }).map((n) => ({ name: `truncated at ${n}`, text: JSON.stringify(good).slice(0, n) })),
      fc.constant({ name: 'html error page', text: '<!doctype html><h1>502 Bad Gateway</h1>' }),
      fc.constantFrom(...keys).map((key) => {
        const copy: Record<string, unknown> = { ...data };
        delete copy[key];
        return { name: `missing ${key}`, text: JSON.stringify({ success: true, data: copy }) };
      }),
      fc
        .tuple(
          fc.constantFrom(...keys),
          fc.oneof(
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
            fc.array(fc.nat()),
            fc.object(),
            fc.string({ maxLength: 20 }),
          ),
        )
        .map(([key, value]) => ({
          name: `${key} = ${JSON.stringify(value).slice(0, 40)}`,
          text: JSON.stringify({ success: true, data: { ...data, [key]: value } }),
        })),
      fc.constantFrom(...keys).map((key) => ({
        name: `huge ${key}`,
        text: JSON.stringify({ success: true, data: { ...data, [key]: 'x'.repeat(200_000) } }),
      })),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((s) => !['pending', 'processing', 'completed', 'failed', 'expired'].includes(s))
        .map((status) => ({
          name: `status ${status}`,
          text: JSON.stringify({ success: true, data: { ...data, status } }),
        })),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map((extra) => ({
        name: 'extra fields',
        text: JSON.stringify({ success: true, data: { ...extra, ...data } }),
      })),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async ({ text }) => {
        // A fresh page per run: routes, init scripts and clock start clean.
        await using page = await openPage(browser);
        await page.clock.install({ time: T0 });
        let calls = 0;
        await openHarness(page, { onStatus: () => (calls++ === 0 ? ok(good) : { body: text }) });
        await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
        await page.clock.runFor(3_100);
        await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
        let parsedOk: boolean;
        try {
          // What the widget reads: any answer the spec allows, about the session it asked for.
          const read = successRead(sessionStatusRead).safeParse(JSON.parse(text));
          parsedOk = read.success && read.data.data.session_id === data.session_id;
        } catch {
          parsedOk = false;
        }
        if (!parsedOk) {
          await expect(page.locator('[part=error]')).toContainText('unexpected response');
          const errors = (await recordedEvents(page)).filter((event) => event.type === 'onramp-error');
          expect(errors.at(-1)?.detail).toMatchObject({ code: 'MALFORMED_RESPONSE', recoverable: true });
        }
        // The last good state stays on screen; the widget keeps going.
        await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
        // (An accepted mutation may name another asset: the amount is shown, whatever it is.)
        await expect(page.locator('[part=crypto-amount]')).toContainText(/\d/);
        expect(await recordedProblems(page)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

test.describe('network faults', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: T0 });
    // Paused from the start: the page clock moves only when a test runs it, one idle step at a time
    // (runClockWhileIdle), so a slow answer on a loaded machine adds nothing to a measured gap and
    // no timer is armed after the time meant for it has already run.
    await page.clock.pauseAt(T0 + 1_000);
  });

  test('429 with Retry-After in seconds: no request before it, then polling resumes once', async ({ page }) => {
    const answers = [ok(statusBody(T0)), fail(429, 'RATE_LIMITED', { 'Retry-After': '7' })];
    await openHarness(page, { onStatus: () => answers.shift() ?? ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await runClockWhileIdle(page, 3_100); // the regular poll: answered 429
    await expect(page.locator('[part=error]')).toContainText('Too many requests');
    await runClockWhileIdle(page, 7_500);
    await expect.poll(async () => (await fetchTimes(page)).length).toBe(3);
    await expect(page.locator('[part=error]')).toHaveCount(0);
    await runClockWhileIdle(page, 15_100);
    await expect.poll(async () => (await fetchTimes(page)).length).toBe(4);
    const [, limited, resumed, next] = await fetchTimes(page);
    expect(resumed! - limited!).toBeGreaterThanOrEqual(7_000);
    // Resumed once: the next request is the polling policy's next idle wait later (15 s: 3 s, then
    // five times longer), not a second retry.
    expect(next! - resumed!).toBeGreaterThanOrEqual(15_000);
  });

  test('429 with Retry-After as an HTTP date is obeyed too', async ({ page }) => {
    const until = T0 + 3_000 + 10_000;
    const answers = [ok(statusBody(T0)), fail(429, 'RATE_LIMITED', { 'Retry-After': new Date(until).toUTCString() })];
    await openHarness(page, { onStatus: () => answers.shift() ?? ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await runClockWhileIdle(page, 3_100);
    await expect.poll(async () => (await fetchTimes(page)).length).toBe(2);
    await runClockWhileIdle(page, 10_500);
    await expect.poll(async () => (await fetchTimes(page)).length).toBe(3);
    expect((await fetchTimes(page))[2]).toBeGreaterThanOrEqual(until);
  });

  test('5xx: retries back off with jitter and stay bounded', async ({ page }) => {
    let calls = 0;
    await openHarness(page, { onStatus: () => (calls++ === 0 ? ok(statusBody(T0)) : fail(503, 'INTERNAL_ERROR')) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await runClockWhileIdle(page, 3_100);
    await expect(page.locator('[part=error]')).toContainText('had a problem');
    // The page clock moves only while no request is in flight, so a gap between two requests is the
    // widget's own delay, however long the machine takes to answer.
    await runClockWhileIdle(page, 60_000);
    const times = await fetchTimes(page);
    const gaps = times.slice(2).map((t, i) => t - times[i + 1]!);
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    gaps.forEach((gap, i) => {
      // Retry n waits between half and all of min(30 s, 1 s × 2^(n−1)) (equal jitter); a step of the
      // clock may end up to a second past the due time.
      const full = Math.min(30_000, 1_000 * 2 ** i);
      expect(gap).toBeGreaterThanOrEqual(full / 2);
      expect(gap).toBeLessThanOrEqual(full + 1_000);
    });
    // Bounded: in a minute of retries, no more than the schedule allows.
    expect(gaps.length).toBeLessThanOrEqual(9);
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  });

  test('a request that never answers times out, says so, and is retried', async ({ page }) => {
    let calls = 0;
    await openHarness(page, {
      onStatus: () => (calls++ === 1 ? new Promise<ApiAnswer>(() => {}) : ok(statusBody(T0))),
    });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await page.clock.runFor(3_100);
    // The hung request must have started (and armed its timeout) before time moves on.
    await expect.poll(() => calls).toBe(2);
    // Not "while idle": the hung request stays in flight; its timeout is what this time runs out.
    await page.clock.runFor(15_000);
    await expect
      .poll(async () =>
        (await recordedEvents(page)).some((event) => event.type === 'onramp-error' && event.detail.code === 'TIMEOUT'),
      )
      .toBe(true);
    await runClockWhileIdle(page, 2_000);
    await expect.poll(async () => (await fetchTimes(page)).length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[part=error]')).toHaveCount(0);
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  });

  test('a dropped connection is reported as a network error and recovers by itself', async ({ page }) => {
    let calls = 0;
    const harness = await openHarness(page, {
      onStatus: () => (++calls === 2 ? { body: '', drop: true } : ok(statusBody(T0))),
    });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await runClockWhileIdle(page, 3_100);
    await expect(page.locator('[part=error]')).toContainText('could not be reached');
    await runClockWhileIdle(page, 1_100);
    await expect.poll(() => harness.apiCalls()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[part=error]')).toHaveCount(0);
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  });

  test('offline pauses polling with a message; online resumes with exactly one request', async ({ page, context }) => {
    await openHarness(page, { onStatus: () => ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await context.setOffline(true);
    await expect(page.locator('[part=error]')).toContainText('offline');
    const before = (await fetchTimes(page)).length;
    await runClockWhileIdle(page, 20_000);
    expect((await fetchTimes(page)).length).toBe(before);
    await context.setOffline(false);
    await expect.poll(async () => (await fetchTimes(page)).length).toBe(before + 1);
    await expect(page.locator('[part=error]')).toHaveCount(0);
  });

  for (const [status, code, text] of [
    [401, 'INVALID_API_KEY', 'rejected'],
    [403, 'INSUFFICIENT_PERMISSIONS', 'not allowed'],
    [404, 'NOT_FOUND', 'not found'],
  ] as const) {
    test(`${status} mid-session stops polling for good and says what happened`, async ({ page }) => {
      let calls = 0;
      await openHarness(page, { onStatus: () => (calls++ === 0 ? ok(statusBody(T0)) : fail(status, code)) });
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await runClockWhileIdle(page, 3_100);
      await expect(page.locator(widget)).toHaveAttribute('status', 'error');
      await expect(page.locator('[part=error]')).toContainText(text);
      const after = (await fetchTimes(page)).length;
      await runClockWhileIdle(page, 120_000);
      expect((await fetchTimes(page)).length).toBe(after);
    });
  }
});

test.describe('out-of-order answers', () => {
  test('status responses arriving in any order never roll the status back', async ({ browser }) => {
    await fc.assert(
      // Up to 4 answers: the idle waits grow fivefold (3 s, 15 s, 75 s), and the page clock is stepped a second at a time.
      fc.asyncProperty(
        fc.array(fc.constantFrom('pending', 'processing'), { minLength: 2, maxLength: 4 }),
        async (statuses) => {
          await using page = await openPage(browser);
          await page.clock.install({ time: T0 });
          // Paused: a poll happens only when the test steps the clock, never on a loaded machine's real time.
          await page.clock.pauseAt(T0 + 1_000);
          const queue = [...statuses];
          await openHarness(page, { onStatus: () => ok(statusBody(T0, queue.shift() ?? statuses.at(-1))) });
          let highest = 'pending';
          const expected: string[] = [];
          for (let i = 0; i < statuses.length; i++) {
            if (statuses[i] === 'processing') highest = 'processing';
            if (expected.at(-1) !== highest) expected.push(highest);
            await expect(page.locator(widget)).toHaveAttribute('status', highest);
            // Processing polls every second; pending, untouched, after 3 s, then 15, 75…: step past whichever comes next.
            await runClockWhileIdle(page, highest === 'processing' ? 1_100 : Math.min(300_000, 3_000 * 5 ** i) + 100);
          }
          const changes = (await recordedEvents(page))
            .filter((event) => event.type === 'onramp-status-change')
            .map((event) => event.detail.status);
          expect(changes).toEqual(expected);
        },
      ),
      { numRuns: 8 },
    );
  });
});

test.describe('clock skew', () => {
  for (const skewMin of [10, -10]) {
    test(`device clock ${skewMin > 0 ? 'fast' : 'slow'} by 10 minutes: countdowns follow the server within a second`, async ({
      page,
    }) => {
      const serverNow = T0;
      await page.clock.install({ time: serverNow + skewMin * 60_000 });
      await openHarness(page, {
        onStatus: () => ok(statusBody(serverNow), { Date: new Date(serverNow).toUTCString() }),
      });
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await expect(page.locator('[part=quote-countdown]')).toContainText(/0(5:00|4:59)/);
      await expect(page.locator('[part=session-countdown]')).toContainText(/(30:00|29:59)/);
    });
  }
});

test.describe('hostile input', () => {
  for (const [name, attributes, code] of [
    ['a secret key', { 'publishable-key': 'onramp_test_sk_abcdefghijklmnop1234' }, 'SECRET_KEY_REFUSED'],
    [
      'a key with whitespace',
      { 'publishable-key': ' onramp_test_pk_abcdefghijklmnop1234 ' },
      'INVALID_PUBLISHABLE_KEY',
    ],
    ['a malformed client secret', { 'client-secret': 'ors_abc_secret_' }, 'INVALID_CLIENT_SECRET'],
    ['a client secret with markup', { 'client-secret': '<img src=x onerror=alert(1)>' }, 'INVALID_CLIENT_SECRET'],
  ] as const) {
    test(`${name} is refused with no request sent`, async ({ page }) => {
      const harness = await openHarness(page, { attributes, onStatus: () => ok(statusBody(Date.now())) });
      await expect(page.locator(widget)).toHaveAttribute('status', 'error');
      await expect(page.locator('[part=error]')).toBeVisible();
      expect((await recordedEvents(page)).find((event) => event.type === 'onramp-error')?.detail).toMatchObject({
        code,
        recoverable: false,
      });
      expect(harness.apiCalls()).toBe(0);
      expect(await fetchTimes(page)).toEqual([]);
    });
  }

  for (const redirect of [
    'javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    '//checkout.shop.test/pay/x',
    `https://checkout.shop.test@evil.test/pay/x`,
    `https://user:pw@checkout.shop.test/pay/x`,
    'https://checkout.shop.test.evil.test/pay/x',
    'http://checkout.shop.test/pay/x',
    'https://checkout.shop.test:8443/pay/x',
  ]) {
    test(`redirect_url ${redirect} is refused and nothing opens`, async ({ page }) => {
      let popups = 0;
      page.on('popup', () => popups++);
      await openHarness(page, { onStatus: () => ok(statusBody(Date.now(), 'pending', { redirect_url: redirect })) });
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await page.locator('[part=pay-button]').click();
      await expect(page.locator('[part=error]')).toContainText('not on the allowed checkout host');
      expect(
        (await recordedEvents(page)).some(
          (event) => event.type === 'onramp-error' && event.detail.code === 'UNSAFE_REDIRECT_URL',
        ),
      ).toBe(true);
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(popups).toBe(0);
      expect(page.url()).toBe('https://shop.test/');
    });
  }

  test('markup in API strings is shown as text only: a page-level canary proves nothing ran', async ({ page }) => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    await openHarness(page, {
      onStatus: () => ({
        status: 400,
        body: JSON.stringify({
          success: false,
          error: { code: 'VALIDATION_ERROR', message: payload, request_id: payload },
        }),
      }),
    });
    await expect(page.locator('[part=error]')).toContainText('<img src=x onerror=');
    await expect(page.locator('[part=error] img, [part=error] script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('postMessage hints from another origin, or from the right origin but another window, change nothing', async ({
    page,
  }) => {
    await page.clock.install({ time: T0 });
    // Paused from the start: this checkout page posts no `ready`, and on a loaded machine the
    // frame's 4 s deadline passed (the widget fell back to a popup) before the frame was looked for.
    // Any poll while the clock stands still answers a hint.
    await page.clock.pauseAt(T0 + 1_000);
    await page.route(`${CHECKOUT_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>checkout</p>' }),
    );
    await page.route('https://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>parent.postMessage({source:'onramp-hosted-checkout',type:'submitted',session_id:'ors_abcdefghijklmnop1234'}, '*')</script>`,
      }),
    );
    await openHarness(page, { onStatus: () => ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await page.locator('[part=pay-button]').click();
    await expect(page.locator('iframe[part=checkout-frame]')).toHaveCount(1);
    const before = await fetchTimes(page);
    // Another origin: an iframe of evil.test posting a well-formed hint.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://evil.test/';
      document.body.append(frame);
    });
    await expect(page.frameLocator('iframe[src="https://evil.test/"]').locator('script')).toHaveCount(1);
    // The right origin claimed, but from the page's own window.
    await page.evaluate(() =>
      window.postMessage(
        { source: 'onramp-hosted-checkout', type: 'submitted', session_id: 'ors_abcdefghijklmnop1234' },
        '*',
      ),
    );
    await page.clock.runFor(500);
    // Only the regular cadence may have polled since (a slow machine lets real time flow), never
    // an immediate poll in answer to the forged hints.
    const since = (await fetchTimes(page)).slice(before.length);
    for (const [i, time] of since.entries())
      expect(time - (i === 0 ? before.at(-1)! : since[i - 1]!)).toBeGreaterThanOrEqual(3_000);
  });
});

test('the script included twice defines the element once, without an error', async ({ page }) => {
  await openHarness(page, {
    head: '<script src="/onramp-checkout.iife.js"></script>',
    onStatus: () => ok(statusBody(Date.now())),
  });
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(await recordedProblems(page)).toEqual([]);
});

test('a page with its own copy of Lit: its components and the widget both work', async ({ page }) => {
  // The merchant's own Lit component, bundled with its own copy of Lit, as a merchant app would be.
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, rollupOptions: { input: 'virtual:merchant-app', output: { format: 'es' } } },
    plugins: [
      {
        name: 'merchant-app',
        resolveId: (id: string) => (id === 'virtual:merchant-app' ? id : null),
        load: (id: string) =>
          id === 'virtual:merchant-app'
            ? `import { LitElement, html } from 'lit';
               customElements.define('merchant-badge', class extends LitElement { render() { return html\`<p>merchant lit works</p>\`; } });
               document.body.append(document.createElement('merchant-badge'));`
            : null,
      },
    ],
  });
  const chunk = (Array.isArray(output) ? output[0] : output) as { output: { type: string; code?: string }[] };
  const code = chunk.output.find((file) => file.type === 'chunk')?.code ?? '';
  expect(code).toContain('merchant lit works');
  await page.route('https://shop.test/merchant-app.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: code }),
  );
  await openHarness(page, {
    head: '<script type="module" src="/merchant-app.js"></script>',
    onStatus: () => ok(statusBody(Date.now())),
  });
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  await expect(page.locator('merchant-badge')).toContainText('merchant lit works');
  expect(await recordedProblems(page)).toEqual([]);
});
