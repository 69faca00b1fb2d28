/**
 * What Angular's compiler makes of a template on a custom element (with `CUSTOM_ELEMENTS_SCHEMA`):
 * `[prop]="value"` is a property assignment and `(event)="handler($event)"` an `addEventListener`.
 * This is that, by hand, with no Angular package.
 */
import type { OnrampCheckoutProperties, OnrampEventMap } from '../../../../src/frameworks/element-props.js';

export interface Bindings {
  /** `[publishableKey]="…"`, `[session]="…"`: assigned as properties. */
  properties: OnrampCheckoutProperties;
  /** `(onramp-ready)="…"`: listeners, typed with each event. */
  events: { [K in keyof OnrampEventMap]?: (event: OnrampEventMap[K]) => void };
}

/** Applies the bindings to the element and returns what Angular does on destroy: remove the listeners. */
export function bind(element: HTMLElementTagNameMap['onramp-checkout'], { properties, events }: Bindings): () => void {
  Object.assign(element, properties);
  const listeners = Object.entries(events) as [string, (event: Event) => void][];
  for (const [type, listener] of listeners) element.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) element.removeEventListener(type, listener);
  };
}
