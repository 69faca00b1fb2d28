/**
 * A JSON answer whose list is read and written a slice at a time, and only when the socket wants
 * more (the stream is pulled, with no chunk made ahead): the first slice after a turn of the event
 * loop, the others in its spare time (`waitForTurn`, http/spare-time.ts). However large the list,
 * no answer holds the loop for longer than one slice (other visitors' requests are served between
 * two), nor more than one slice in memory beyond what the socket holds.
 */
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';

export interface SlicedList {
  /** The answer's text before the list's first item and after its last. */
  head: string;
  tail: string;
  ids: readonly string[];
  /** The items of some of `ids`, each as its JSON's bytes in parts (an id whose item is gone meanwhile gives none). */
  read(ids: readonly string[]): Uint8Array[][];
  /** Once: the stream was read to its end, failed (`error`), or its reader went away. */
  onEnd(error?: unknown): void;
}

const COMMA = Buffer.from(',');

export function slicedJsonStream(
  list: SlicedList,
  sliceSize: number,
  waitForTurn: () => Promise<void> = turnOfTheLoop,
): ReadableStream<Uint8Array> {
  let next = 0;
  let written = 0;
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    list.onEnd(error);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await (next === 0 ? turnOfTheLoop() : waitForTurn());
        if (ended) return;
        try {
          const parts: Uint8Array[] = next === 0 ? [Buffer.from(list.head)] : [];
          for (const item of list.read(list.ids.slice(next, next + sliceSize))) {
            if (written > 0) parts.push(COMMA);
            parts.push(...item);
            written += 1;
          }
          next += sliceSize;
          const last = next >= list.ids.length;
          if (last) parts.push(Buffer.from(list.tail));
          // One chunk per slice: one allocation and one write, not one per item.
          controller.enqueue(Buffer.concat(parts));
          if (!last) return;
          controller.close();
          end();
        } catch (error) {
          controller.error(error);
          end(error);
        }
      },
      cancel: () => end(),
    },
    // Nothing is made before the socket asks for it.
    { highWaterMark: 0 },
  );
}
