/**
 * The widget's on-demand parts (docs/design.md §20): what the first paint does not
 * need, loaded after it. The npm build leaves each to the merchant's bundler as a dynamic import
 * (`load-part.ts`); the script-tag build loads `onramp-checkout.<name>.js` from beside the script,
 * its integrity pinned at build time (`load-part.iife.ts`).
 */
import type { ReactiveControllerHost } from 'lit';
import type * as later from '../components/onramp-checkout/later-part.js';
import type * as order from '../components/onramp-checkout/order-part.js';
import type { FlowInput } from '../core/flow-machine.js';
import type { OnrampWarningCode } from '../core/widget-error.js';
import type { ProblemValues } from '../diagnostics/problems.js';

/** Each part by name, and what it exports. */
export interface OnrampParts {
  /**
   * What comes after the first paint of the order: the final screens and the live region's
   * announcements, and the diagnostics (the catalogue's causes and fixes, the page's CSP refusals,
   * the console, the test-mode report).
   */
  later: typeof later;
  /**
   * Amount first: the order form (amount, currencies, network, wallet, the live price) of an
   * element that has no client secret yet and a `session-url` or `createSession`.
   */
  order: typeof order;
}

export type PartName = keyof OnrampParts;

/**
 * Where a part of the script-tag build hands itself over: `globalThis[PART_REGISTRY][its own URL](exports)`
 * (by URL, not name: two copies of the widget on one page each get their own part).
 */
export const PART_REGISTRY = Symbol.for('onramp-checkout.parts');

export type PartRegistry = Partial<Record<string, (exports: OnrampParts[PartName]) => unknown>>;

/** Why a part did not load: its code in the catalogue of problems, and the facts for its fix. */
export interface PartFailure {
  code: 'PART_LOAD_FAILED' | 'CSP_TRUSTED_TYPES';
  values: { part: string; url?: string; policy?: string };
}

/** The parts loaded so far, for the views to use synchronously (a server renderer provides its own). */
export const loaded: Partial<OnrampParts> = {};

/**
 * What the hydrate entry adds to the element (`src/hydrate.ts`): `connected`, called as each element
 * connects, takes over one a server drew with Lit's `defer-hydration` (amount first's order form).
 * Not called in the default script-tag file, which has no hydration (`FULL`, `full-build.ts`).
 */
export const hydration: { connected?: (host: HTMLElement) => void } = {};

/** What the diagnostics read of the element (its public properties). */
export interface DiagnosedHost extends ReactiveControllerHost, HTMLElement {
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  checkoutOrigin: string;
  redirectUrl: string;
  mode: string;
}

/** What the element lets the diagnostics do. */
export interface HostHooks {
  /** Reports a problem that does not stop the flow (`onramp-warning`, once per code). */
  warn: (code: OnrampWarningCode, values: ProblemValues) => void;
  /** An input for the element's state machine (the page's CSP refusing the API strands the buyer). */
  send: (input: FlowInput) => void;
}
