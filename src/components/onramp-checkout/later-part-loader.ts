/**
 * Loads the `later` part once, after the element's first paint, and attaches what it brings (the
 * countdowns' ticks, the quote, the diagnostics): at once when the page has it already (another
 * widget loaded it), else when it arrives. A part that does not load is reported, and the element
 * goes on without it (the buyer is never stranded by it).
 */
import type { LaterHandle, LaterHooks } from '../../parts/later/later-controller.js';
import type { DiagnosedHost, LaterPart, PartFailure } from '../../parts/parts.js';
import { loadPart } from '#load-part';
import { loaded } from '../../parts/parts.js';

export interface LaterPartOptions {
  /** What the part may read and do on the element. */
  hooks: () => LaterHooks;
  /** The part is attached: the element draws what it brings. */
  attached: (part: LaterPart) => void;
  failed: (failure: PartFailure) => void;
}

export class LaterPartLoader {
  readonly #host: DiagnosedHost;
  readonly #options: LaterPartOptions;
  #load: Promise<void> | undefined;
  /** What the part brought, once attached. */
  handle: LaterHandle | undefined;
  failed = false;

  constructor(host: DiagnosedHost, options: LaterPartOptions) {
    this.#host = host;
    this.#options = options;
  }

  /**
   * The part, once on the page (loaded by this element or another, or provided by a server
   * renderer): the one place the element's side reads a loaded part; views and controllers are
   * handed what they need of it.
   */
  get part(): LaterPart | undefined {
    return loaded.later;
  }

  /** Whether problems can be explained now (the part is here, or failed and codes alone will do). */
  get settled(): boolean {
    return !!this.handle || this.failed;
  }

  load(): Promise<void> {
    const part = loaded.later;
    if (part) this.#attach(part);
    return (this.#load ??= part
      ? Promise.resolve()
      : loadPart('later').then((arrived) => {
          if (!('code' in arrived)) return this.#attach(arrived);
          this.failed = true;
          this.#options.failed(arrived);
        }));
  }

  #attach(part: LaterPart): void {
    if (this.handle) return;
    this.handle = part.attachLater(this.#host, this.#options.hooks());
    this.#options.attached(part);
  }
}
