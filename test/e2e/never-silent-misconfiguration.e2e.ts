/**
 * Never silent (issue #32, docs/design.md §20): the built script-tag file on
 * a page of its own beside the real sandbox, one misconfiguration at a time. The merchant gets the
 * code with a cause and a fix that names the exact value; the buyer gets a short message of their
 * own, never a developer's text; an element that cannot know where its API is sends nothing. Pages
 * that must not be loopback are served as `http://shop.test:<port>` (Chromium maps the name to
 * 127.0.0.1: a real, non-loopback, non-secure origin to the page).
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import type { CreatedSession } from '../../src/contract/write/session.js';
import { PROBLEM_CODES } from '../../src/diagnostics/problems.js';
import { freePort } from '../support/free-port.js';
import type { PageServer } from '../support/page-server.js';
import { attributesFor, checkoutOriginOf, type Mode, newSession, serveWidgetPage } from '../support/widget-page.js';
import { widget } from './hardening-helpers.js';
import {
  eventDetail,
  expect,
  offLoopback,
  problemCodes,
  recordConsole,
  recordRequests,
  test,
} from './never-silent-helpers.js';

test.use(offLoopback);

const BUYER_CONFIG_MESSAGE = 'This checkout is not set up correctly. Please tell the merchant.';

for (const [keyMode, sessionMode] of [
  ['live', 'test'],
  ['test', 'live'],
] as const satisfies readonly (readonly [Mode, Mode])[]) {
  test(`a ${keyMode} publishable key with a ${sessionMode} session: KEY_MODE_MISMATCH naming both modes`, async ({
    page,
    demo,
    pages,
    problems,
  }) => {
    void problems;
    const session = await newSession(demo, sessionMode);
    const url = serveWidgetPage(pages, `/mode/${keyMode}-key-${sessionMode}-session`, {
      attributes: attributesFor(demo, session, keyMode),
    });
    await page.goto(url);
    const error = await eventDetail(page, 'onramp-error', 'KEY_MODE_MISMATCH');
    expect(error.cause).toContain(`The session is in ${sessionMode} mode and the publishable key is a ${keyMode} key.`);
    expect(error.fix).toContain(`Use the ${sessionMode} publishable key with this session`);
    await expect(page.locator(widget)).toHaveAttribute('status', 'error');
    // The buyer's words, not the merchant's.
    await expect(page.locator('[part=error]')).toContainText(error.message!);
    await expect(page.locator('[part=error]')).not.toContainText(/KEY_MODE_MISMATCH|publishable key|live|test mode/);
  });
}

test.describe('no api-base on a page that is not loopback: MISSING_API_BASE, and no request leaves the page', () => {
  for (const keyMode of ['live', 'test'] as const) {
    test(`with a ${keyMode} key${keyMode === 'test' ? ' (the local sandbox is for loopback pages only)' : ''}`, async ({
      page,
      demo,
      pages,
      shopOrigin,
      problems,
    }) => {
      void problems;
      const session = await newSession(demo, keyMode);
      const requests = recordRequests(page);
      const url = serveWidgetPage(
        pages,
        `/no-api-base/${keyMode}`,
        { attributes: attributesFor(demo, session, keyMode, { 'api-base': null, 'checkout-origin': null }) },
        shopOrigin,
      );
      await page.goto(url);
      const error = await eventDetail(page, 'onramp-error', 'MISSING_API_BASE');
      expect(error.cause).toContain(`the page ${shopOrigin} is not a loopback page with a test key`);
      expect(error.fix).toContain("Set api-base to your onramp provider's API URL, ending before /v1");
      await expect(page.locator('[part=error]')).toHaveText(BUYER_CONFIG_MESSAGE);
      // The element has settled (its on-demand part is here: the event's fix came with it): every
      // request the page made is to its own origin (the page, the script, its part).
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((request) => new URL(request).origin !== shopOrigin)).toEqual([]);
      for (const sandbox of [demo.sandbox.apiUrl, demo.sandbox.checkoutUrl, 'http://127.0.0.1:8787'])
        expect(requests.filter((request) => request.startsWith(sandbox))).toEqual([]);
    });
  }
});

/** A page whose element is refused before any request: what is wrong, its code, and what the event must name. */
interface RefusedRow {
  name: string;
  code: string;
  keyMode?: Mode;
  changes: (demo: DemoHandle, session: CreatedSession) => Record<string, string | null>;
  /** Text the event's `cause` or `fix` contains (the value the merchant has to set, or the one at fault). */
  says: (page: { origin: string }) => { cause?: string; fix?: string };
}

const REFUSED_BEFORE_ANY_REQUEST: RefusedRow[] = [
  {
    name: 'the client secret in publishable-key and the key in client-secret',
    code: 'KEY_AND_SECRET_SWAPPED',
    changes: (demo, session) => ({
      'publishable-key': session.client_secret,
      'client-secret': demo.sandbox.keys!.test.publishable,
    }),
    says: () => ({ fix: 'Swap the two values: publishable-key="…_pk_…" and client-secret="ors_…_secret_…".' }),
  },
  {
    name: 'a secret key in publishable-key',
    code: 'SECRET_KEY_REFUSED',
    changes: (demo) => ({ 'publishable-key': demo.sandbox.keys!.test.secret }),
    says: () => ({ fix: 'Put the publishable key (…_pk_…) in publishable-key, and rotate the secret key now' }),
  },
  {
    name: 'a malformed publishable key',
    code: 'INVALID_PUBLISHABLE_KEY',
    changes: () => ({ 'publishable-key': 'pk_test_123' }),
    says: () => ({ fix: 'Set publishable-key to your publishable key' }),
  },
  {
    name: 'a malformed client secret',
    code: 'INVALID_CLIENT_SECRET',
    changes: () => ({ 'client-secret': 'cs_123' }),
    says: () => ({ fix: 'Set client-secret to the client_secret of the session your server created' }),
  },
  {
    name: 'api-base over http away from loopback',
    code: 'INVALID_API_BASE',
    changes: () => ({ 'api-base': 'http://api.onramp.example' }),
    says: () => ({ cause: 'api-base is "http://api.onramp.example"' }),
  },
  {
    name: 'checkout-origin over http away from loopback',
    code: 'INVALID_CHECKOUT_ORIGIN',
    changes: () => ({ 'checkout-origin': 'http://checkout.onramp.example' }),
    says: () => ({ cause: 'checkout-origin is "http://checkout.onramp.example"' }),
  },
  {
    name: 'a live key without checkout-origin (no local sandbox for it)',
    code: 'MISSING_CHECKOUT_ORIGIN',
    keyMode: 'live',
    changes: () => ({ 'checkout-origin': null }),
    says: ({ origin }) => ({ cause: `the page ${origin} is not a loopback page with a test key` }),
  },
  {
    name: 'redirect-url off checkout-origin',
    code: 'UNSAFE_REDIRECT_URL',
    changes: () => ({ 'redirect-url': 'https://pay.elsewhere.example/pay/ors_x?t=y' }),
    says: () => ({ fix: 'Set checkout-origin="https://pay.elsewhere.example" if that is your provider\'s checkout' }),
  },
];

/** Opens the page of `row` and waits for its error; returns the requests that left for another origin. */
async function openRefused(page: Page, demo: DemoHandle, pages: PageServer, row: RefusedRow): Promise<string[]> {
  const keyMode = row.keyMode ?? 'test';
  const session = await newSession(demo, keyMode);
  const requests = recordRequests(page);
  const url = serveWidgetPage(pages, `/refused/${row.code}`, {
    attributes: attributesFor(demo, session, keyMode, row.changes(demo, session)),
  });
  await page.goto(url);
  const error = await eventDetail(page, 'onramp-error', row.code);
  const { cause, fix } = row.says(pages);
  if (cause) expect(error.cause).toContain(cause);
  if (fix) expect(error.fix).toContain(fix);
  expect(await problemCodes(page)).toEqual([`onramp-error ${row.code}`]);
  await expect(page.locator('[part=error]')).toHaveText(BUYER_CONFIG_MESSAGE);
  return requests.filter((request) => new URL(request).origin !== pages.origin);
}

test.describe('refused before any request: the code, and the value to set', () => {
  for (const row of REFUSED_BEFORE_ANY_REQUEST) {
    test(`${row.name}: ${row.code}, no request (the script-tag file's head start included)`, async ({
      page,
      demo,
      pages,
      problems,
    }) => {
      void problems;
      expect(await openRefused(page, demo, pages, row)).toEqual([]);
    });
  }
});

test('a 200 px wide container: CONTAINER_TOO_NARROW with width 200, and the order still shows', async ({
  page,
  demo,
  pages,
  problems,
}) => {
  void problems;
  const session = await newSession(demo);
  const url = serveWidgetPage(pages, '/narrow', {
    attributes: attributesFor(demo, session, 'test'),
    wrap: (element) => `<div style="width: 200px">${element}</div>`,
  });
  await page.goto(url);
  const warning = await eventDetail(page, 'onramp-warning', 'CONTAINER_TOO_NARROW');
  expect(warning.values).toEqual({ width: '200' });
  expect(warning.cause).toBe(
    'The element is 200 px wide; the card needs 280 px to show amounts and the Pay button without clipping.',
  );
  expect(warning.fix).toContain('min-width: 280px');
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
});

test('a live key on a page that is not https (http://shop.test): LIVE_KEY_INSECURE_PAGE naming the page', async ({
  page,
  demo,
  pages,
  shopOrigin,
  problems,
}) => {
  void problems;
  const session = await newSession(demo, 'live');
  const messages = recordConsole(page);
  const url = serveWidgetPage(pages, '/live-on-http', { attributes: attributesFor(demo, session, 'live') }, shopOrigin);
  await page.goto(url);
  const warning = await eventDetail(page, 'onramp-warning', 'LIVE_KEY_INSECURE_PAGE');
  expect(warning.values).toEqual({ pageOrigin: shopOrigin });
  expect(warning.cause).toContain(`The page ${shopOrigin} is not served over https`);
  // A warning: the order is there, and payable.
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await expect(page.locator('[part=pay-button]')).toBeEnabled();
  // A live key: no test-mode report, the problem alone in the console, once.
  expect(messages.filter((message) => message.type() === 'startGroupCollapsed')).toEqual([]);
  expect(printedCodes(messages)).toEqual({ LIVE_KEY_INSECURE_PAGE: 1 });
});

test('the same live key on a loopback page (a secure context) is not warned about', async ({
  page,
  demo,
  pages,
  problems,
}) => {
  void problems;
  const session = await newSession(demo, 'live');
  await page.goto(serveWidgetPage(pages, '/live-on-loopback', { attributes: attributesFor(demo, session, 'live') }));
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await expect(page.locator('[part=pay-button]')).toBeEnabled();
  expect(await problemCodes(page)).toEqual([]);
});

test('a test key prints one grouped report at mount, and each code at most once in the console', async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  const messages = recordConsole(page);
  const apiBase = `http://127.0.0.1:${await freePort()}`;
  // A problem at mount (too narrow) and one that repeats until the buyer is offered the link: every
  // read fails (NETWORK_ERROR, again and again), then API_UNREACHABLE.
  const url = serveWidgetPage(pages, '/report', {
    attributes: attributesFor(demo, session, 'test', { 'api-base': apiBase }),
    wrap: (element) => `<div style="width: 240px">${element}</div>`,
  });
  await page.goto(url);
  await eventDetail(page, 'onramp-error', 'API_UNREACHABLE');
  const codes = await problemCodes(page);
  expect(codes.filter((code) => code === 'onramp-error NETWORK_ERROR').length).toBeGreaterThan(1);

  const groups = messages
    .filter((message) => message.type() === 'startGroupCollapsed')
    .map((message) => message.text());
  expect(groups).toEqual([expect.stringMatching(/^onramp-checkout \(test mode\): \d+ error\(s\), \d+ warning\(s\)$/)]);
  const resolved = messages.find((message) => message.text().startsWith('API: '))?.text();
  expect(resolved).toContain(
    `API: ${apiBase}\nCheckout origin: ${checkoutOriginOf(demo)}\nSession: ${session.session_id}`,
  );
  expect(resolved).toContain('Hosted checkout link: redirect-url');
  // What passes by itself (NETWORK_ERROR) is printed only in the report, when it came before it.
  const { NETWORK_ERROR: networkErrors = 0, ...printed } = printedCodes(messages);
  expect(printed).toEqual({ CONTAINER_TOO_NARROW: 1, API_UNREACHABLE: 1 });
  expect(networkErrors).toBeLessThanOrEqual(1);
});

/** How often each code of the list of problems heads a console message (`onramp-checkout CODE: …`, or `CODE: …` in the report). */
function printedCodes(messages: ConsoleMessage[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of messages) {
    const code = /^(?:onramp-checkout )?([A-Z_]+):/.exec(message.text())?.[1];
    if (code && (PROBLEM_CODES as string[]).includes(code)) counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}
