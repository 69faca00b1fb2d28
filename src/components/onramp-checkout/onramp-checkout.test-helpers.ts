/**
 * What the element's component tests share: a stub of the onramp API on `window.fetch` with real
 * `Response`s and server-clock `Date` headers, event recording, mounting, and reading the shadow DOM.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import sinon from 'sinon';
import { OnrampCheckout } from './onramp-checkout.js';
import type { SessionStatus } from '../../contract/product.js';
import {
  API,
  CHECKOUT,
  SECRET,
  SESSION_ID,
  statusViewBody,
  T0,
  TX_HASH,
  WALLET,
} from '../../../test/support/fake-onramp-api.js';
import { settle, stubResponse } from '../../../test/support/settle.js';
import { ONRAMP_EVENT_NAMES as EVENT_NAMES } from '../../parts/later/event-names.js';
import type { OnrampEventMap } from './onramp-checkout.events.js';
import { loadPart } from '../../parts/load-part.js';

// What the element loads after its first paint (the final screens, the polling policy, the buyer's
// signs, the countdowns' ticks, diagnostics), here before any test mounts one: the tests measure the
// widget as it is once that part arrived (onramp-checkout.later-part.test.ts covers the moment before).
await loadPart('later');

export { API, CHECKOUT, EVENT_NAMES, SECRET, SESSION_ID, T0, TX_HASH, WALLET };

export const PK_TEST = 'onramp_test_pk_abcdefghijklmnop1234';
export const PK_LIVE = 'onramp_live_pk_abcdefghijklmnop1234';
export const MIN = 60_000;
export const FAKED: ('Date' | 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval')[] = [
  'Date',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
];

export const iso = (ms: number) => new Date(ms).toISOString();

export interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | null;
  /** `Date.now()` when it was sent (the fake clock's time in tests that fake it). */
  at: number;
}

export type Handler = (request: Recorded) => Response | Promise<Response>;

/** The sandbox API as a stub of `window.fetch`: real `Response`s, `Date` and `Request-Id` headers. */
export class FakeApi {
  /** Server time minus device time. */
  skewMs = 0;
  status: SessionStatus = 'pending';
  redirectUrl = `${CHECKOUT}/pay/${SESSION_ID}?t=tok_abcdefghijklmnop`;
  quoteExpiresAt = T0 + 5 * MIN;
  expiresAt = T0 + 30 * MIN;
  requests: Recorded[] = [];
  /** One-shot answers for the next GETs, in order; then the status view. */
  nextGets: Handler[] = [];
  nextQuotes: Handler[] = [];
  /** Fake-clock ms every status read takes to be answered (a slow server, a busy device). */
  readLatencyMs = 0;
  #ids = 0;

  serverNow(): number {
    return Date.now() + this.skewMs;
  }

  respond(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    this.#ids += 1;
    return stubResponse(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Date: new Date(this.serverNow()).toUTCString(),
        'Request-Id': `req_${this.#ids}`,
        ...headers,
      },
    });
  }

  error(status: number, code: string, headers: Record<string, string> = {}): Response {
    return this.respond(
      status,
      { success: false, error: { code, message: `${code} happened`, request_id: `req_body_${status}` } },
      headers,
    );
  }

  statusView(): Record<string, unknown> {
    const { status, expiresAt, quoteExpiresAt, redirectUrl } = this;
    return statusViewBody({ status, expiresAt, quoteExpiresAt, redirectUrl, metadata: { order: 'A-1' } });
  }

  quote(): Record<string, unknown> {
    return {
      fiat_amount: 10000,
      fiat_currency: 'USD',
      crypto_currency: 'ETH',
      crypto_amount: '0.031',
      exchange_rate: 3000.5,
      fees: { platform_fee: 1.6, network_fee: 2.4, processing_fee: 3.3, total_fee: 7.3 },
      expires_at: iso(Math.floor(this.serverNow() / 1000) * 1000 + 5 * MIN),
      network: 'ethereum',
    };
  }

  get gets(): Recorded[] {
    return this.requests.filter((r) => r.method === 'GET');
  }

  get posts(): Recorded[] {
    return this.requests.filter((r) => r.method === 'POST');
  }

  /** The widget's `no-cors` probes (is anything there at all?), kept apart from the API's requests. */
  probes: string[] = [];
  /** Whether a server answers the probe: one that refuses the page by CORS does; none where nothing listens. */
  answersProbes = false;

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (init.mode === 'no-cors') {
      this.probes.push(input instanceof Request ? input.url : input.toString());
      if (this.answersProbes) return new Response('');
      throw new TypeError('Failed to fetch');
    }
    const request: Recorded = {
      method: init.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : input),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? null,
      at: Date.now(),
    };
    this.requests.push(request);
    if (request.method === 'GET' && request.url.pathname === '/v1/onramp') {
      if (this.readLatencyMs) await new Promise((resolve) => setTimeout(resolve, this.readLatencyMs));
      const next = this.nextGets.shift();
      return next ? next(request) : this.respond(200, { success: true, data: this.statusView() });
    }
    if (request.method === 'POST' && request.url.pathname === '/v1/onramp/quote') {
      const next = this.nextQuotes.shift();
      return next ? next(request) : this.respond(200, { success: true, data: this.quote() });
    }
    return this.error(404, 'NOT_FOUND');
  };
}

/** A request that stays in flight until the test settles it (or it is aborted). */
export function hanging(): {
  handler: Handler;
  resolve: (response: Response) => void;
  signal: () => AbortSignal | null;
} {
  let resolve: (response: Response) => void = () => {};
  let signal: AbortSignal | null = null;
  return {
    handler: (request) =>
      new Promise<Response>((res, reject) => {
        resolve = res;
        signal = request.signal;
        request.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
    resolve: (response) => resolve(response),
    signal: () => signal,
  };
}

export function recordEvents() {
  const log: CustomEvent[] = [];
  const listener = (event: Event) => log.push(event as CustomEvent);
  for (const name of EVENT_NAMES) document.addEventListener(name, listener);
  return {
    log,
    of: <K extends (typeof EVENT_NAMES)[number]>(name: K) =>
      log.filter((event): event is OnrampEventMap[K] => event.type === name),
    stop: () => {
      for (const name of EVENT_NAMES) document.removeEventListener(name, listener);
    },
  };
}

/** Lets real work finish (microtasks, updates) without moving fake time, then waits for render. */
export async function flush(el?: OnrampCheckout): Promise<void> {
  await settle();
  await el?.updateComplete;
}

export function part(el: OnrampCheckout, name: string): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
}

/** The text of a node, its text nodes joined by spaces (so `<dt>Fee</dt><dd>$1</dd>` reads `Fee $1`). */
export function text(node: Element | null | undefined): string {
  if (!node) return '';
  const parts: string[] = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? '');
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,])/g, '$1')
    .trim();
}

/** A real WindowProxy to stand in for a popup: removing the frame makes it `closed`. */
export function fakePopup(): { window: Window; close: () => void } {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  document.body.append(frame);
  return { window: frame.contentWindow!, close: () => frame.remove() };
}

export function checkoutMessage(type: 'ready' | 'submitted' | 'resize', extra: Record<string, unknown> = {}) {
  return { source: 'onramp-hosted-checkout', type, session_id: SESSION_ID, ...extra };
}

/**
 * Dispatches a `message` as if `source` had posted it. Firefox's MessageEvent constructor refuses a
 * cross-origin WindowProxy (the checkout frame once it has navigated), so `source` is set afterwards.
 */
export function post(data: unknown, origin: string, source: MessageEventSource | null): void {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

export interface MountOptions {
  key?: string;
  secret?: string;
  mode?: string;
  session?: unknown;
  /** `locale` attribute; default `en-US`, and `null` leaves it unset. */
  locale?: string | null;
  theme?: string;
  checkoutOrigin?: string;
}

export async function mount(options: MountOptions = {}): Promise<OnrampCheckout> {
  const el = await fixture<OnrampCheckout>(html`<onramp-checkout
    publishable-key=${options.key ?? PK_TEST}
    client-secret=${options.secret ?? SECRET}
    api-base=${API}
    checkout-origin=${options.checkoutOrigin ?? CHECKOUT}
    locale=${ifDefined(options.locale === null ? undefined : (options.locale ?? 'en-US'))}
    theme=${options.theme ?? 'light'}
    mode=${options.mode ?? 'embedded'}
    .session=${options.session}
  ></onramp-checkout>`);
  await flush(el);
  return el;
}

export const navigateStub = () =>
  sinon.stub(OnrampCheckout.prototype as unknown as { navigate(url: string): void }, 'navigate');

export function clickPaySync(el: OnrampCheckout): void {
  const button = part(el, 'pay-button') as HTMLButtonElement;
  expect(button, 'pay button').to.exist;
  button.click();
}

export async function clickPay(el: OnrampCheckout): Promise<void> {
  clickPaySync(el);
  await el.updateComplete;
}

/**
 * Runs axe-core on `el` (shadow DOM included) with the WCAG 2.0–2.2 A and AA rules and best
 * practices, and fails with every violation listed. The checkout frame's cross-origin document is
 * the hosted page's own concern (tested with the sandbox), so frames are not entered.
 */
export async function expectAccessible(el: Element): Promise<void> {
  const global = window as unknown as { axe?: typeof import('axe-core') };
  // The script registers `window.axe` and has no types: `as string` keeps TypeScript from looking
  // for them, and the literal stays for the dev server to resolve.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see above
  if (!global.axe) await import('axe-core/axe.min.js' as string);
  const results = await global.axe!.run(el, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    iframes: false,
    resultTypes: ['violations'],
  });
  const problems = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.html}`).join('\n')}`,
  );
  expect(problems, problems.join('\n')).to.deep.equal([]);
}

/** What `useWidgetHarness` hands a suite: this test's fake API, fetch stub, recorded events and clock. */
export interface WidgetHarness {
  readonly api: FakeApi;
  readonly fetchStub: sinon.SinonStub;
  readonly events: ReturnType<typeof recordEvents>;
  /** The fake clock once `fakeTime` was called in this test, else null. */
  readonly clock: sinon.SinonFakeTimers | null;
  /** Fakes time; device clock = server clock - skew. */
  fakeTime(skewMs?: number): sinon.SinonFakeTimers;
  /** Moves the fake clock and lets the element render what followed. */
  advance(ms: number, el?: OnrampCheckout): Promise<void>;
}

/**
 * The element suites' shared setup, registered on the calling `describe`: before each test a fresh
 * `FakeApi` answers `window.fetch` and events are recorded; after it the fixtures, the clock, the
 * stubs and any faked `document.hidden`/`navigator.onLine` are undone.
 */
export function useWidgetHarness(): WidgetHarness {
  let api: FakeApi;
  let fetchStub: sinon.SinonStub;
  let events: ReturnType<typeof recordEvents>;
  let clock: sinon.SinonFakeTimers | null = null;

  beforeEach(() => {
    api = new FakeApi();
    fetchStub = sinon.stub(window, 'fetch').callsFake(api.fetch);
    events = recordEvents();
    clock = null;
  });

  afterEach(() => {
    fixtureCleanup();
    events.stop();
    clock?.restore();
    sinon.restore();
    delete (document as { hidden?: boolean }).hidden;
    delete (navigator as { onLine?: boolean }).onLine;
  });

  return {
    get api() {
      return api;
    },
    get fetchStub() {
      return fetchStub;
    },
    get events() {
      return events;
    },
    get clock() {
      return clock;
    },
    fakeTime(skewMs = 0) {
      api.skewMs = skewMs;
      clock = sinon.useFakeTimers({ now: T0 - skewMs, toFake: FAKED });
      return clock;
    },
    async advance(ms, el) {
      if (!clock) throw new Error('advance() needs fakeTime() first');
      await clock.tickAsync(ms);
      await flush(el);
    },
  };
}
