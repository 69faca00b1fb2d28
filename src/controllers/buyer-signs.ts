/**
 * The signs that a buyer is at the page, for the poller: the tab shown again, a page restored from
 * the back/forward cache, the window focused, the device online again, a pointer or a key in the
 * page, and the element rendered again. One passive listener object does nothing but call back
 * with the event's type; the caller throttles.
 *
 * Whether the element is rendered (not inside `display: none`, a closed `<details>`, a framework's
 * kept-alive hidden page such as React's `<Activity mode="hidden">`) is learnt without polling the
 * layout: a `ResizeObserver` and an `IntersectionObserver` on the element call back when its box
 * appears, disappears or moves in or out of view (on the browser's rendering steps, none while the
 * tab is hidden), and only then is it asked, with `checkVisibility()`.
 */

export type BuyerSign =
  'visibilitychange' | 'pageshow' | 'online' | 'focus' | 'pointerdown' | 'pointermove' | 'keydown' | 'rendered';

/** Signs that end a pause (hidden, offline, frozen in the back/forward cache, not rendered), during which nothing was read. */
export const isResumeSign = (sign: BuyerSign): boolean =>
  sign === 'visibilitychange' || sign === 'online' || sign === 'pageshow' || sign === 'rendered';

/** Signs that mark a return (the buyer was elsewhere); pointer and key may also be continuous activity. */
export const isReturnSign = (sign: BuyerSign): boolean =>
  sign !== 'pointerdown' && sign !== 'pointermove' && sign !== 'keydown';

// [on the window?, type]. In the document, captured: the widget's shadow DOM and handlers that stop propagation still count.
const SIGNS: readonly (readonly [boolean, BuyerSign])[] = [
  [false, 'visibilitychange'],
  [true, 'pageshow'],
  [true, 'online'],
  [true, 'focus'],
  [false, 'pointerdown'],
  [false, 'pointermove'],
  [false, 'keydown'],
];

export class BuyerSigns {
  readonly #element: Element;
  readonly #onSign: (sign: BuyerSign) => void;
  #listening = false;
  #observers: (ResizeObserver | IntersectionObserver)[] = [];
  /** Whether the element has a box, as last observed (assumed until an observer says otherwise). */
  rendered = true;

  constructor(element: Element, onSign: (sign: BuyerSign) => void) {
    this.#element = element;
    this.#onSign = onSign;
  }

  /** Adds (`true`) or removes every listener and observer, once. */
  listen(on: boolean): void {
    if (this.#listening === on) return;
    this.#listening = on;
    for (const [onWindow, type] of SIGNS)
      (onWindow ? window : document)[on ? 'addEventListener' : 'removeEventListener'](type, this, {
        capture: !onWindow,
        passive: true,
      });
    for (const observer of this.#observers) observer.disconnect();
    this.rendered = true;
    // Both: a closed `<details>` (content-visibility) may change no size, and a box shown again
    // out of view changes no intersection.
    this.#observers = on ? [new ResizeObserver(this.#observed), new IntersectionObserver(this.#observed)] : [];
    for (const observer of this.#observers) observer.observe(this.#element);
  }

  /** An observer's callback: the element's box changed; rendered again is a sign. */
  readonly #observed = (): void => {
    const element = this.#element;
    const was = this.rendered;
    // Every engine with `light-dark()` (the stylesheet's baseline) has `checkVisibility()`.
    this.rendered = element.checkVisibility();
    // In the next frame: a read that changed the element's size inside this callback would be a
    // `ResizeObserver` loop (reported to the page as an error).
    if (this.rendered && !was) requestAnimationFrame(() => this.#listening && this.#onSign('rendered'));
  };

  /** @internal The listener (an `EventListenerObject`: one object for every sign). */
  handleEvent(event: Event): void {
    const type = event.type as BuyerSign;
    // Hidden is no sign; a `pageshow` that is not a restore is the first load.
    if (
      type === 'visibilitychange' ? document.hidden : type === 'pageshow' && !(event as PageTransitionEvent).persisted
    )
      return;
    this.#onSign(type);
  }
}
