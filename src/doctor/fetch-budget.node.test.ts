/**
 * The run's budget on its own: slots handed out up to `connections` and passed on as they are
 * released, requests refused past `requests`, bytes past `bytes`, and those still waiting refused
 * when the run's time is up; the notes count what was stopped.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { BudgetSpent, budgetNotes, FetchBudget, type Release } from './fetch-budget.js';

test('at most `connections` slots at once; a released slot goes to the next waiter', async () => {
  const budget = new FetchBudget({ connections: 3, requests: 10 });
  let open = 0;
  let most = 0;
  const releases: Release[] = [];
  const waiting = Array.from({ length: 10 }, () =>
    budget.admit().then((release) => {
      open++;
      most = Math.max(most, open);
      releases.push(() => {
        open--;
        release();
      });
    }),
  );
  // Release one slot at a time, each once it has been handed out, until all ten have run.
  for (let done = 0; done < 10; done++) {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(open <= 3);
    releases.shift()?.();
  }
  await Promise.all(waiting);
  assert.equal(most, 3);
  await assert.rejects(budget.admit(), (error) => error instanceof BudgetSpent && error.bound === 'requests');
  assert.deepEqual(budget.skipped, { requests: 1, bytes: 0, time: 0 });
  assert.deepEqual(budgetNotes(budget), ['1 request not made: the doctor makes at most 10 in a run.']);
  budget.end();
});

test('bytes: taken until the allowance is spent', () => {
  const budget = new FetchBudget({ bytes: 100 });
  assert.equal(budget.take(60), true);
  assert.equal(budget.take(40), true);
  assert.equal(budget.take(1), false);
  assert.deepEqual(budgetNotes(budget), [
    '1 request not read to the end: the doctor reads at most 100 bytes in a run.',
  ]);
  budget.end();
});

test("the run's time: those waiting for a slot are refused, and no request is admitted after", async () => {
  const budget = new FetchBudget({ connections: 1, runMs: 50 });
  const first = await budget.admit();
  const waiting = budget.admit();
  await once(budget.signal, 'abort');
  await assert.rejects(waiting, (error) => error instanceof BudgetSpent && error.bound === 'time');
  await assert.rejects(budget.admit(), (error) => error instanceof BudgetSpent && error.bound === 'time');
  first();
  assert.equal(budget.skipped.time, 2);
  assert.deepEqual(budgetNotes(budget), ["2 requests not made or cut short: the run's 0.05 s were up."]);
});
