/**
 * The widget reading hostile or odd answers, on the built script-tag bundle: mangled status bodies,
 * answers arriving out of order, and a device clock that disagrees with the server's. Every API
 * answer is scripted (Playwright routes) and time is driven with `page.clock`, so nothing here sleeps.
 */
import { expect, test } from '@playwright/test';
import * as fc from 'fast-check';
import { successRead } from '../../src/contract/read/envelope.js';
import { sessionStatusRead } from '../../src/contract/read/session.js';
import { ok, openPage, T0, widget } from './hardening-helpers.js';
import { openHarness, recordedEvents, recordedProblems, runClockWhileIdle, statusBody } from './harness.js';

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
          await expect(page.locator('[part=error]')).toContainText('not answering');
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
