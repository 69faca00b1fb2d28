/**
 * The signs that a buyer is at the page, for the poller: the tab shown again, a page restored from
 * the back/forward cache, the window focused, the device online again, a pointer or a key in the
 * page. One passive listener object does nothing but call back with the event's type; the caller
 * throttles.
 */

export type BuyerSign = 'visibilitychange' | 'pageshow' | 'online' | 'focus' | 'pointerdown' | 'pointermove' | 'keydown';

/** Signs that end a pause (hidden, offline, frozen in the back/forward cache), during which nothing was read. */
export const isResumeSign = (sign: BuyerSign): boolean => sign === 'visibilitychange' || sign === 'online' || sign === 'pageshow';

/** Signs that mark a return (the buyer was elsewhere); pointer and key may also be continuous activity. */
export const isReturnSign = (sign: BuyerSign): boolean => sign !== 'pointerdown' && sign !== 'pointermove' && sign !== 'keydown';

// [on the window?, type]. In the document, captured: the widget's shadow DOM and handlers that stop propagation still count.
const SIGNS: ReadonlyArray<readonly [boolean, BuyerSign]> = [
  [false, 'visibilitychange'],
  [true, 'pageshow'],
  [true, 'online'],
  [true, 'focus'],
  [false, 'pointerdown'],
  [false, 'pointermove'],
  [false, 'keydown'],
];

export class BuyerSigns {
  readonly #onSign: (sign: BuyerSign) => void;
  #listening = false;

  constructor(onSign: (sign: BuyerSign) => void) {
    this.#onSign = onSign;
  }

  /** Adds (`true`) or removes every listener, once. */
  listen(on: boolean): void {
    if (this.#listening === on) return;
    this.#listening = on;
    for (const [onWindow, type] of SIGNS) (onWindow ? window : document)[on ? 'addEventListener' : 'removeEventListener'](type, this, { capture: !onWindow, passive: true });
  }

  /** @internal The listener (an `EventListenerObject`: one object for every sign). */
  handleEvent(event: Event): void {
    const type = event.type as BuyerSign;
    // Hidden is no sign; a `pageshow` that is not a restore is the first load.
    if (type === 'visibilitychange' ? document.hidden : type === 'pageshow' && !(event as PageTransitionEvent).persisted) return;
    this.#onSign(type);
  }
}
