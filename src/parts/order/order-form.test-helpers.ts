/**
 * The amount-first tests' harness: the element mounted with its order form, typing into it, waiting
 * without moving a fake clock, and the merchant's `session-url` endpoint faked beside the API.
 */
import { fixture, html } from '@open-wc/testing';
import type { OnrampCheckout } from '../../components/onramp-checkout/onramp-checkout.js';
import { createdSession } from '../../../test/support/fake-onramp-api.js';
import {
  API,
  CHECKOUT,
  PK_TEST,
  flush,
  part,
  type Recorded,
  type WidgetHarness,
} from '../../components/onramp-checkout/onramp-checkout.test-helpers.js';

export const SESSION_URL = '/shop/onramp-session';

/** The session the merchant creates prices the order as the form's last quote did (`quote.crypto_amount`). */
export const SESSION_PRICE = '0.029460317460317460';

/**
 * Waits for `condition` by letting promises and renders finish, never by moving time (the clock is
 * fake in these tests: `waitUntil` would wait on a timer that never fires).
 */
export async function until(el: OnrampCheckout, condition: () => unknown, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (condition()) return;
    await flush(el);
  }
  throw new Error(`never: ${what}`);
}

export interface FormOptions {
  attrs?: Record<string, string>;
  locale?: string;
  createSession?: (order: unknown) => unknown;
}

export async function mountForm(options: FormOptions = {}): Promise<OnrampCheckout> {
  const el = await fixture<OnrampCheckout>(html`<onramp-checkout
    publishable-key=${PK_TEST}
    api-base=${API}
    checkout-origin=${CHECKOUT}
    locale=${options.locale ?? 'en-US'}
    session-url=${options.createSession ? '' : SESSION_URL}
    .createSession=${options.createSession}
  ></onramp-checkout>`);
  for (const [name, value] of Object.entries(options.attrs ?? {})) el.setAttribute(name, value);
  el.requestUpdate();
  await until(el, () => part(el, 'order-form'), 'the order form is drawn');
  return el;
}

export const input = (el: OnrampCheckout, name: string) => part(el, name) as HTMLInputElement;

export async function type(el: OnrampCheckout, name: string, value: string): Promise<void> {
  const field = input(el, name);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/**
 * The merchant's endpoint beside the fake API, for each test: its requests, and its next answers
 * (by default the session for the order it was sent, which the API then reads back, priced as the
 * form's last quote).
 */
export function useFakeMerchant(h: WidgetHarness): {
  requests: Recorded[];
  answers: (() => Response | Promise<Response>)[];
} {
  const requests: Recorded[] = [];
  const answers: (() => Response | Promise<Response>)[] = [];
  beforeEach(() => {
    requests.length = 0;
    answers.length = 0;
    const quote = h.api.quote.bind(h.api);
    h.api.quote = () => ({ ...quote(), crypto_amount: SESSION_PRICE });
    h.fetchStub.callsFake(async (target: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(target instanceof Request ? target.url : String(target), location.href);
      if (url.pathname !== SESSION_URL) return h.api.fetch(target, init);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      requests.push({
        method: init.method ?? 'GET',
        url,
        headers: { ...(init.headers as Record<string, string>), credentials: String(init.credentials) },
        body,
        signal: init.signal ?? null,
        at: Date.now(),
      });
      const next = answers.shift();
      if (next) return next();
      const view = h.api.statusView.bind(h.api);
      h.api.statusView = () => ({ ...view(), ...body });
      return h.api.respond(201, { success: true, data: { ...createdSession(), ...body } });
    });
  });
  return { requests, answers };
}
