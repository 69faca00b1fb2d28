/**
 * The widget's on-demand parts (docs/design.md §20): what the first paint does not
 * need, loaded after it. The npm build leaves each to the merchant's bundler as a dynamic import
 * (`load-part.ts`); the script-tag build loads `onramp-checkout.<name>.js` from beside the script,
 * its integrity pinned at build time (`load-part.iife.ts`).
 */
import type { ReactiveControllerHost, TemplateResult } from 'lit';
import type { ApiClient } from '../api/api-client.js';
import type { ServerClock } from '../api/server-clock.js';
import type { OnrampOrder } from '../contract/order.js';
import type { BuyerSigns } from '../controllers/buyer-signs.js';
import type { FlowInput, FlowState, Transition } from '../core/flow-machine.js';
import type { PollContext, PollPlan } from '../core/poll-policy.js';
import type { OnrampWarningCode } from '../core/widget-error.js';
import type { Diagnosis, ProblemCode, ProblemValues } from '../diagnostics/problems.js';
import type { ChosenLanguage } from '../i18n/catalogue.js';
import type { LaterViews, WidgetViewInput } from '../components/onramp-checkout/view-pieces.js';
import type { NativeHostKind } from './bridge/native-host.js';
import type { FormRetryCode } from '../diagnostics/problem-behaviour.js';

/**
 * The seam: what each part gives the element, declared here apart from the modules that implement
 * it (`later-part.ts`, `order-part.ts`, which are checked against it where they hand themselves
 * over), so that nothing on the element's side imports a part's code, types included.
 */
export interface LaterPart extends LaterViews {
  /** Attaches what the part brings to the element: the countdowns' ticks, the quote, diagnostics. */
  attachLater(host: DiagnosedHost, hooks: LaterHooks): LaterHandle;
  /** Amount first: loads the `order` part (pinned in this one). */
  loadOrderPart(): Promise<OrderPart | PartFailure>;
  /** What this part adds to the machine (the quote's inputs, price consent), for this element. */
  judge(host: Element): (before: FlowState, result: Transition, input: FlowInput) => Transition;
  /** Reports two different copies of the widget on one page (`DUPLICATE_DEFINITION`). */
  duplicate(version: string, otherVersion?: string): void;
  /** Moves focus to what replaced the focused node (Pay became the frame, the frame the result). */
  focusReplacement(root: ParentNode): void;
  /** When to read the session's status next (`core/poll-policy.ts`). */
  nextPoll: (context: PollContext) => PollPlan;
  /** The buyer's signs of being back (focus, visibility, a pointer), for the status reads. */
  BuyerSigns: typeof BuyerSigns;
  /** The buyer's language among the merchant's `locales`, its catalogue loaded and checked. */
  chooseLanguage(tags: readonly string[], locales: string | null): Promise<ChosenLanguage | null>;
}

/** What the `later` part may read and do on the element. */
export interface LaterHooks extends HostHooks {
  clock: ServerClock;
  /** The machine's state now. */
  state: () => FlowState;
  /** The API client of the configured session, if any. */
  client: () => ApiClient | null;
}

/** What the element asks of the attached `later` part. */
export interface LaterHandle {
  /** A problem's cause and fix, printed once (`DiagnosticsController.explain`). */
  explain: (code: ProblemCode, values?: ProblemValues) => Diagnosis;
  /** The test-mode report, after the first events. */
  report: () => void;
  /** Starts or stops the quote's timer to match the state; after each update. */
  sync: () => void;
  /** A new configuration: the quote in flight is for another session. */
  reset: () => void;
  /** Amount first: the card as the order form draws it, while it is the card (`order-part-loader.ts`). */
  form: OrderFormHook;
  /** The page runs in a native app's WebView with a bridge (`src/parts/bridge/`): Pay uses the frame, the app opens the rest. */
  bridged: boolean;
}

/** The card as the order form draws it, or `undefined` when the element draws its own. */
export type OrderFormHook = (view: WidgetViewInput) => TemplateResult | undefined;

/** What the `order` part gives the element. */
export interface OrderPart {
  /** Attaches the order form to the element: the card while it is drawn. */
  attachOrder(host: OrderHost, hooks: OrderHooks): OrderFormHook;
}

/** What the `order` part reads and sets on the element (its public properties). */
export interface OrderHost extends ReactiveControllerHost, HTMLElement {
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  createSession: ((order: OnrampOrder) => unknown) | undefined;
  session: unknown;
  readonly status: string;
}

/** What the `order` part may do on the element (the `later` part's hooks). */
export interface OrderHooks {
  /** An input for the element's state machine (a key or API base refused). */
  send: (input: FlowInput) => void;
  /** A problem's cause and fix for the merchant, printed once (the diagnostics of the `later` part). */
  explain: (code: FormRetryCode, values: ProblemValues) => { cause: string; fix: string };
  /**
   * The session the form hands over, with the buyer's order (the session must be for it) and the last
   * price the form showed for that order, if any (the session's is judged against it).
   */
  handedOver: (sessionId: string, order: OnrampOrder, price: string | undefined) => void;
}

/** What the `bridge` part gives: the native app hears the element's events (docs/mobile.md). */
export interface BridgePart {
  /**
   * Connects the element to the app's bridge of `kind`, and returns what posts one of the element's
   * events to it (the `later` part held the ones before, and hands them over in order).
   */
  attachBridge(host: HTMLElement, kind: NativeHostKind): (event: Event) => void;
}

/** Each part by name, and what it gives. */
export interface OnrampParts {
  /**
   * What comes after the first paint of the order: the final screens and the live region's
   * announcements, and the diagnostics (the list of problems' causes and fixes, the page's CSP refusals,
   * the console, the test-mode report).
   */
  later: LaterPart;
  /**
   * Amount first: the order form (amount, currencies, network, wallet, the live price) of an
   * element that has no client secret yet and a `session-url` or `createSession`.
   */
  order: OrderPart;
  /** In a native app's WebView only: posts the element's events to the app (loaded by the `later` part). */
  bridge: BridgePart;
}

export type PartName = keyof OnrampParts;

/**
 * Where a part of the script-tag build hands itself over: `globalThis[PART_REGISTRY][its own URL](exports)`
 * (by URL, not name: two copies of the widget on one page each get their own part).
 */
export const PART_REGISTRY = Symbol.for('onramp-checkout.parts');

export type PartRegistry = Partial<Record<string, (exports: OnrampParts[PartName]) => unknown>>;

/** Why a part did not load: its code in the list of problems, and the facts for its fix. */
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
