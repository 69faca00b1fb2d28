/**
 * The widget under network faults, on the built script-tag bundle: rate limits with `Retry-After`,
 * 5xx backoff, hung requests, dropped connections, going offline, and the statuses that end polling.
 * Every API answer is scripted (Playwright routes) and time is driven with `page.clock`, so nothing
 * here sleeps.
 */
import { expect, test } from '@playwright/test';
import { fail, ok, T0, widget } from './hardening-helpers.js';
import { fetchTimes, openHarness, recordedEvents, runClockWhileIdle, statusBody, type ApiAnswer } from './harness.js';

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
    await expect(page.locator('[part=error]')).toContainText('not answering');
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
    await expect(page.locator('[part=error]')).toContainText('not answering');
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

  test('a request that never answers: after 10 s the buyer is told the service cannot be reached, and it is retried', async ({
    page,
  }) => {
    let calls = 0;
    await openHarness(page, {
      onStatus: () => (calls++ === 1 ? new Promise<ApiAnswer>(() => {}) : ok(statusBody(T0))),
    });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await page.clock.runFor(3_100);
    // The hung request must have started (and armed its timeout) before time moves on.
    await expect.poll(() => calls).toBe(2);
    // Not "while idle": the hung request stays in flight. Unanswered for 10 s, the API is out of reach
    // for the buyer (never stranded: docs/design.md §20); at 15 s the request times out and is retried.
    await page.clock.runFor(10_000);
    await expect
      .poll(async () =>
        (await recordedEvents(page)).some(
          (event) => event.type === 'onramp-error' && event.detail.code === 'API_UNREACHABLE',
        ),
      )
      .toBe(true);
    await expect(page.locator('[part=error]')).toContainText('cannot be reached');
    await page.clock.runFor(5_000);
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
    await expect(page.locator('[part=error]')).toContainText('not answering');
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
    // A key the API refuses is the merchant's setup: the buyer is told so (the event says which).
    [401, 'INVALID_API_KEY', 'not set up correctly'],
    [403, 'INSUFFICIENT_PERMISSIONS', 'not set up correctly'],
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
