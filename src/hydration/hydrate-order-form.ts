/**
 * Amount first drawn on the server (`renderOnrampOrderForm`), taken over in the browser: the hydrate
 * entry's share of it. The server writes such an element with Lit's `defer-hydration`, which Lit's
 * hydration support honours: the element stays as the server drew it (the form on screen, styled,
 * its fields already editable) and does not render until the attribute goes. Here the `later` part,
 * then the `order` part it pins, are loaded first; then the attribute is removed, and the element's
 * first render, both parts attached before it (`willUpdate`), draws the very form the server drew:
 * Lit takes over its nodes and nothing is drawn twice. What the buyer did meanwhile is carried over:
 * a field they changed is told to the form, a "Continue" once this module runs is held and sent
 * once the form is there (before it runs, the form's `method="dialog"` makes "Continue" do nothing).
 *
 * A part that does not load: the server's drawing is let go and the element renders as on a page
 * without a server, where it asks for the part again and a part that still does not load is its
 * `onramp-error` with the message in the card, never a form that does nothing. Only in the hydrate
 * entry: the default script-tag file has no hydration.
 */
import { loadPart } from '#load-part';
import type { PartFailure } from '../parts/parts.js';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';

const DEFER = 'defer-hydration';

/** The elements being taken over (each once, until it leaves the page before it is done). */
const taking = new WeakSet<Element>();

/** Loads what the form needs before the element may render: `null`, or what did not load. */
async function formParts(): Promise<PartFailure | null> {
  const later = await loadPart('later');
  if ('code' in later) return later;
  const order = await later.loadOrderPart();
  return 'code' in order ? order : null;
}

/** A field's value as the server wrote it (the buyer has not changed it since). */
function asServed(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value === field.defaultValue;
  const served = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
  return field.value === (served?.value ?? '');
}

/**
 * What the buyer does in the server's form before it is taken over: "Continue" held (the page would
 * otherwise submit the form to itself), the fields they change, to be told to the form after.
 */
function holdBuyer(root: ShadowRoot): { release: () => void; replay: (host: OnrampCheckout) => Promise<void> } {
  let submitted = false;
  const hold = (event: Event) => {
    event.preventDefault();
    submitted = true;
  };
  root.addEventListener('submit', hold, true);
  let changed: [HTMLInputElement | HTMLSelectElement, string][] = [];
  return {
    release: () => {
      root.removeEventListener('submit', hold, true);
      changed = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')]
        .filter((field) => !asServed(field))
        .map((field) => [field, field.value]);
    },
    // In the order of the form (the asset before its network), each after the render the previous asked for.
    replay: async (host) => {
      for (const [field, value] of changed) {
        await host.updateComplete;
        if (!field.isConnected) continue;
        field.value = value;
        field.dispatchEvent(
          new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
        );
      }
      await host.updateComplete;
      if (submitted) root.querySelector('form')?.requestSubmit();
    },
  };
}

/**
 * Lets a server-drawn element render from scratch, as one the server did not draw. Lit's hydration
 * support hydrates an element that has a shadow root as it connects; for that moment the element
 * shows none, so Lit attaches one, which the platform answers with the server's declarative root,
 * emptied (`attachShadow` on an element with a declarative shadow root), and renders into it with
 * its own adopted stylesheet.
 */
function drawAnew(element: OnrampCheckout): void {
  Object.defineProperty(element, 'shadowRoot', { configurable: true, get: () => null });
  try {
    element.removeAttribute(DEFER);
  } finally {
    delete (element as { shadowRoot?: unknown }).shadowRoot;
  }
}

/**
 * Takes over `element` when the server wrote it with `defer-hydration`: at once when there is nothing
 * to wait for, else once the form's parts are here. Called as each element connects.
 */
export function takeOver(element: OnrampCheckout): void {
  if (!element.hasAttribute(DEFER) || taking.has(element)) return;
  const root = element.shadowRoot;
  const amountFirst = !element.clientSecret && !!(element.getAttribute('session-url') || element.createSession);
  // No drawing to take over (HTML inserted by a script: its declarative shadow root stays an inert
  // template), or none that waits for parts: Lit as usual, now.
  if (!root || !amountFirst) return element.removeAttribute(DEFER);
  taking.add(element);
  const buyer = holdBuyer(root);
  void formParts().then((failure) => {
    // Gone from the page meanwhile: taken over when it comes back (it connects again).
    if (!element.isConnected) return void taking.delete(element);
    buyer.release();
    if (failure) return drawAnew(element);
    element.removeAttribute(DEFER);
    return buyer.replay(element);
  });
}
