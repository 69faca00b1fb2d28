/**
 * The widget's diagnostics once the `later` part is here (`attachDiagnostics`): a reactive
 * controller on the element that watches the page's CSP refusals (the document's
 * `securitypolicyviolation` events, matched to this element's API and checkout origins: a refused
 * API is refused again at each retry, so one before the part arrived is seen at the next), the
 * checkout frame refused by the provider
 * (`onramp-fallback`), a container narrower than the card and a live key on an insecure page; and
 * that prints each problem once per element, or with a test key, in the report at mount.
 */
import type { ReactiveController } from 'lit';
import { apiBaseFor, checkoutOriginFor } from '../core/config.js';
import type { DiagnosedHost, HostHooks } from '../parts/parts.js';
import { widgetError } from '../core/widget-error.js';
import { Timer } from '../controllers/timer.js';
import { diagnose, report, type Diagnosis } from './diagnostics.js';
import type { ProblemCode, ProblemValues } from './problems.js';

/** Narrower than this, the card cannot show its amounts and Pay without clipping, px. */
export const MIN_WIDTH = 280;

/** How long an element may wait for a framework to set its key and client secret, ms. */
export const UNCONFIGURED_MS = 3000;

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

class DiagnosticsController implements ReactiveController {
  readonly #host: DiagnosedHost;
  readonly #hooks: HostHooks;
  readonly #printed = new Set<string>();
  /** Problems held for the test-mode report; `null` once it is printed (or with a live key). */
  #held: Diagnosis[] | null;
  #frameRefusedByCsp = false;

  constructor(host: DiagnosedHost, hooks: HostHooks) {
    this.#host = host;
    this.#hooks = hooks;
    // A test key prints one report at mount: what the widget resolved, and every problem found.
    this.#held = host.publishableKey.includes('_test_') ? [] : null;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('securitypolicyviolation', this.#onViolation);
    this.#host.addEventListener('onramp-fallback', this.#onFallback);
  }

  hostDisconnected(): void {
    this.#unconfigured.stop();
    document.removeEventListener('securitypolicyviolation', this.#onViolation);
    this.#host.removeEventListener('onramp-fallback', this.#onFallback);
  }

  /** Neither key nor secret after this long: not a framework still setting them, but none given. */
  readonly #unconfigured = new Timer();

  /** The checks made once the card is on screen. */
  start(): void {
    const host = this.#host;
    this.#unconfigured.start(() => {
      if (!host.publishableKey && !host.clientSecret)
        this.#hooks.send({ type: 'failed', error: widgetError('INVALID_PUBLISHABLE_KEY') });
    }, UNCONFIGURED_MS);
    const { width } = host.getBoundingClientRect();
    if (width && width < MIN_WIDTH) this.#hooks.warn('CONTAINER_TOO_NARROW', { width: `${Math.round(width)}` });
    if (host.publishableKey.includes('_live_') && !window.isSecureContext)
      this.#hooks.warn('LIVE_KEY_INSECURE_PAGE', { pageOrigin: location.origin });
  }

  /**
   * A problem explained, and printed once (held for the report while that is still to come). What
   * passes by itself (a timeout, a 5xx, a refused refresh) is an event only, and in the report: the
   * console is for what the merchant must change.
   */
  explain(code: ProblemCode, values?: ProblemValues): Diagnosis {
    const problem = diagnose(code, values);
    if (!this.#printed.has(code)) {
      this.#printed.add(code);
      if (this.#held) this.#held.push(problem);
      else if (problem.kind !== 'transient')
        console[problem.kind === 'error' ? 'error' : 'warn'](
          `onramp-checkout ${problem.code}: ${problem.cause}\nFix: ${problem.fix}`,
        );
    }
    return problem;
  }

  /** The test-mode report, after the first events (a problem found at configure is in it). */
  report(): void {
    const held = this.#held;
    this.#held = null;
    if (held) report(this.#host, held);
  }

  readonly #onViolation = (event: SecurityPolicyViolationEvent): void => {
    const { effectiveDirective: directive, blockedURI: blocked, disposition } = event;
    // A report-only policy refuses nothing.
    if (disposition !== 'enforce') return;
    const host = this.#host;
    const api = originOf(apiBaseFor(host.apiBase, host.publishableKey));
    const checkout = originOf(checkoutOriginFor(host.checkoutOrigin, host.publishableKey));
    const values = { directive, blocked, apiOrigin: api, checkoutOrigin: checkout };
    if (directive.startsWith('connect') && api && blocked.startsWith(api))
      this.#hooks.send({ type: 'stranded', error: widgetError('CSP_CONNECT_SRC', { values }) });
    else if (/^(frame|child)/.test(directive) && checkout && blocked.startsWith(checkout)) {
      this.#frameRefusedByCsp = true;
      this.#hooks.warn('CSP_FRAME_SRC', values);
    }
  };

  /** Loaded without a word although the page's CSP let it in: the checkout refuses this origin. */
  readonly #onFallback = (event: Event): void => {
    const { reason, url } = (event as CustomEvent<{ reason: string; url: string }>).detail;
    if (reason === 'frame-refused' && !this.#frameRefusedByCsp)
      this.#hooks.warn('CHECKOUT_FRAME_REFUSED', { checkoutOrigin: originOf(url), pageOrigin: location.origin });
  };
}

/** Diagnostics for `host`, from now on; returns what the element asks of them. */
export function attachDiagnostics(
  host: DiagnosedHost,
  hooks: HostHooks,
): Pick<DiagnosticsController, 'explain' | 'report'> {
  const controller = new DiagnosticsController(host, hooks);
  // A server renderer attaches the part to draw the order form: nothing is on a screen there to check.
  if (typeof document != 'undefined') controller.start();
  return controller;
}
