/**
 * The element's events, in order: each update's notes (the machine's notifications and the
 * warnings) are dispatched after it, once the `later` part has arrived (or failed to): an error's or
 * a warning's cause and fix come with it, and so does the native bridge, which must hear every event
 * (docs/mobile.md). The part is loaded at the first paint, so it is there about when the first
 * answer is. A batch that waits holds back every batch after it, so no event overtakes another.
 * Each warning code is told once per element.
 */
import type { LaterPartLoader } from './later-part-loader.js';
import type { Note, WarningNote } from './notification-event.js';

export class EventDelivery {
  readonly #target: EventTarget;
  readonly #later: LaterPartLoader;
  readonly #event: (note: Note) => Event;
  readonly #warned = new Set<string>();
  #tail: Promise<void> | null = null;
  /** The notes of the update to come. */
  pending: Note[] = [];

  constructor(target: EventTarget, later: LaterPartLoader, event: (note: Note) => Event) {
    this.#target = target;
    this.#later = later;
    this.#event = event;
  }

  /** A warning, once per code: `true` when it is new (it then waits for the next update). */
  warn(note: WarningNote): boolean {
    if (this.#warned.has(note.code)) return false;
    this.#warned.add(note.code);
    this.pending.push(note);
    return true;
  }

  /** After each update: its notes, in order. */
  flush(): void {
    const notes = this.pending;
    this.pending = [];
    if (notes.length) this.after(() => notes.forEach((note) => this.#target.dispatchEvent(this.#event(note))));
  }

  /** Runs `task` after the events queued before it, and after the `later` part has arrived or failed. */
  after(task: () => void): void {
    const wait = this.#later.settled ? null : this.#later.load();
    if (!this.#tail && !wait) return task();
    const queued: Promise<void> = (this.#tail = (this.#tail ?? Promise.resolve())
      .then(() => wait)
      .then(() => {
        task();
        if (this.#tail === queued) this.#tail = null;
      }));
  }
}
