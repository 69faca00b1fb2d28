/**
 * The parts a large answer is made of (docs/hosting.md "One visitor cannot slow another"): JSON
 * written with some values as their bytes, a list streamed a slice at a time with the event loop
 * turning between slices, and turns per account (one page at a time, a bounded line).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonWithBytes } from '../../demo/onramp-api/domain/list-item-json.js';
import { slicedJsonStream } from '../../demo/onramp-api/http/sliced-json.js';
import { Turns } from '../../demo/http-common/turns.js';
import { SpareTime } from '../../demo/onramp-api/http/spare-time.js';

const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('jsonWithBytes', () => {
  it('writes what JSON.stringify writes, bytes values as they are, wherever they are', () => {
    const meta = { b: 1, '7': 'seven', s: 'a "q" \\ 漢 😀 \n' };
    for (const object of [
      { metadata: meta },
      { id: 'x', metadata: meta },
      { metadata: meta, at: 'z' },
      { a: 1, skipped: undefined, metadata: meta, f: () => 1, n: null, nested: { x: [1, 'y'] }, last: false },
      { first: meta, second: meta, between: 0, third: meta },
      { onlyUndefined: undefined, metadata: {} },
      {},
    ]) {
      const withBytes = Object.fromEntries(
        Object.entries(object).map(([key, value]) => [
          key,
          value !== null && typeof value === 'object' && !Array.isArray(value) && key !== 'nested'
            ? json(value)
            : value,
        ]),
      );
      assert.equal(text(jsonWithBytes(withBytes)), JSON.stringify(object));
    }
  });
});

/** Reads the stream to its end; `between` runs whenever a chunk came. */
async function readAll(stream: ReadableStream<Uint8Array>, between: () => void = () => {}): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text(chunks);
    chunks.push(value);
    between();
  }
}

describe('slicedJsonStream', () => {
  const ids = Array.from({ length: 7 }, (_, i) => `id${i}`);
  const item = (id: string) => [json({ id })];

  it('writes head, items and tail, reading a slice at a time, with a turn of the loop before each', async () => {
    const reads: string[][] = [];
    const turnsAtRead: number[] = [];
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    let ended = 0;
    const stream = slicedJsonStream(
      {
        head: '{"list":[',
        tail: '],"n":7}',
        ids,
        read: (slice) => {
          reads.push([...slice]);
          turnsAtRead.push(turns);
          return slice.map(item);
        },
        onEnd: () => (ended += 1),
      },
      3,
    );
    assert.deepEqual(reads, [], 'nothing is read before the stream is');
    setImmediate(tick);
    const body = await readAll(stream);
    ticking = false;
    assert.equal(body, JSON.stringify({ list: ids.map((id) => ({ id })), n: 7 }));
    assert.deepEqual(reads, [ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)]);
    // Other work (here an immediate that keeps coming back) ran before each slice.
    assert.ok(
      turnsAtRead.every((at, i) => at > (turnsAtRead[i - 1] ?? 0)),
      `the loop turned between slices: ${turnsAtRead.join(', ')}`,
    );
    assert.equal(ended, 1);
  });

  it('an empty list is its head and tail; an item gone meanwhile is left out', async () => {
    const empty = slicedJsonStream({ head: '[', tail: ']', ids: [], read: () => [], onEnd: () => {} }, 3);
    assert.equal(await readAll(empty), '[]');
    const gaps = slicedJsonStream(
      {
        head: '[',
        tail: ']',
        ids,
        read: (slice) => slice.filter((id) => id !== 'id0' && id !== 'id4').map(item),
        onEnd: () => {},
      },
      2,
    );
    assert.equal(
      await readAll(gaps),
      JSON.stringify(ids.filter((id) => id !== 'id0' && id !== 'id4').map((id) => ({ id }))),
    );
  });

  it('ends once when its reader cancels, and once with the error when a read fails', async () => {
    const ends: unknown[] = [];
    const cancelled = slicedJsonStream(
      { head: '[', tail: ']', ids, read: (slice) => slice.map(item), onEnd: (error) => ends.push(error) },
      2,
    );
    const reader = cancelled.getReader();
    await reader.read();
    await reader.cancel();
    await reader.cancel();
    assert.deepEqual([...ends], [undefined]);
    const failure = new Error('the database is closed');
    const failing = slicedJsonStream(
      {
        head: '[',
        tail: ']',
        ids,
        read: () => {
          throw failure;
        },
        onEnd: (error) => ends.push(error),
      },
      2,
    );
    await assert.rejects(readAll(failing), failure);
    assert.deepEqual(ends, [undefined, failure]);
  });
});

describe('Turns', () => {
  it('one at a time per key, the rest in order, a bounded line, keys apart', async () => {
    const turns = new Turns({ running: 1, waiting: 2 });
    const order: string[] = [];
    const first = await turns.take('a');
    assert.ok(first);
    const second = turns.take('a')?.then((release) => (order.push('second'), release));
    const third = turns.take('a')?.then((release) => (order.push('third'), release));
    assert.equal(turns.take('a'), null, 'past the line: none');
    const other = await turns.take('b');
    assert.ok(other, 'another key has its own turn');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [], 'the line waits for the running one');
    first();
    first();
    const releaseSecond = await second;
    assert.deepEqual(order, ['second'], 'a release passes the turn on once, however often it is called');
    assert.ok(turns.take('a'), 'the line has room again');
    releaseSecond?.();
    (await third)?.();
    other();
  });

  it('an idle key is forgotten: a new turn is at once', async () => {
    const turns = new Turns({ running: 1, waiting: 0 });
    for (let i = 0; i < 3; i += 1) {
      const turn = turns.take('a');
      assert.ok(turn);
      (await turn)();
    }
  });
});

describe('SpareTime', () => {
  const options = { share: 0.5, windowMs: 100, restMs: 2, longestRestMs: 50 };
  const spin = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };

  it('an idle loop has spare time at once', async () => {
    const spare = new SpareTime(options);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    await spare.wait();
    assert.ok(spare.utilization() < options.share);
    assert.ok(performance.now() - started < options.longestRestMs, 'no rest');
  });

  it('after a busy window the answer rests, at most longestRestMs', async () => {
    const spare = new SpareTime(options);
    spin(90);
    assert.ok(spare.utilization() > options.share, `utilization ${spare.utilization()}`);
    const started = performance.now();
    await spare.wait();
    const rested = performance.now() - started;
    assert.ok(rested >= options.restMs, `rested ${rested} ms`);
    // Bounded: an answer always goes on (generous for a busy machine).
    assert.ok(rested < options.longestRestMs + 250, `rested ${rested} ms`);
  });
});
