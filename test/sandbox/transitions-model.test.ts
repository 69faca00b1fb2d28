/**
 * Model-based test of the session lifecycle (fast-check commands). The model holds each session's
 * state, its expiry and any scheduled delivery, on a clock the test moves. Commands: the test
 * helper's advance(to) to every state, paying on the hosted checkout with each test card, letting
 * time pass, and reading. Legal transitions succeed; illegal ones are 409 INVALID_TRANSITION (helper)
 * or 409 SESSION_NOT_PAYABLE (checkout); final states stay final; the API always agrees with the model.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { SESSION_STATUSES, type SessionStatus, canTransition, isFinalStatus } from '../../src/contract/product.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { transactionSchema } from '../../src/contract/write/transaction.js';
import { type TestSandbox, expectData, expectError, sessionBody, startTestSandbox } from './helpers.js';

const DELIVERY_MS = 1000;
const TTL_MS = 10_000;
let now = Date.parse('2030-01-01T00:00:00Z');
let t: TestSandbox;

before(async () => {
  // The sweeper runs on its own too; it moves sessions only by the test's clock, as the model does.
  t = await startTestSandbox({ now: () => now, deliveryMs: DELIVERY_MS, sessionTtlMs: TTL_MS, sweepIntervalMs: 5 });
});
after(() => t.close());

interface ModelSession {
  status: SessionStatus;
  expiresAt: number;
  /** A payment's delivery: when, and how it ends. */
  delivery: { at: number; outcome: 'completed' | 'failed' } | null;
}
interface Model {
  sessions: ModelSession[];
}
interface RealSession {
  id: string;
  redirectUrl: string;
}
interface Real {
  sessions: RealSession[];
}

/** What time alone does (the sandbox's sweep): overdue pending sessions expire, due deliveries land. */
function settle(m: Model): void {
  for (const s of m.sessions) {
    if (s.status === 'pending' && s.expiresAt <= now) s.status = 'expired';
    if (s.status === 'processing' && s.delivery && s.delivery.at <= now) {
      s.status = s.delivery.outcome;
      s.delivery = null;
    }
  }
}

const pick = <T>(list: readonly T[], index: number): T => {
  const item = list[index % list.length];
  assert.ok(item !== undefined);
  return item;
};

async function expectStatus(r: RealSession, status: SessionStatus): Promise<void> {
  const view = expectData(await t.call('GET', `/v1/onramp?session_id=${r.id}`), sessionStatusViewSchema);
  assert.equal(view.status, status, `session ${r.id}`);
  assert.equal(view.tx_hash !== undefined, status === 'completed', 'tx_hash exactly when completed');
  const txn = expectData(await t.call('GET', `/v1/transactions/${view.id}`), transactionSchema);
  assert.equal(
    txn.status,
    status === 'expired' ? 'failed' : status,
    'an expired session shows as failed in the transaction views',
  );
}

class CreateCommand implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.sessions.length < 6;
  async run(m: Model, r: Real): Promise<void> {
    settle(m);
    const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    m.sessions.push({ status: 'pending', expiresAt: now + TTL_MS, delivery: null });
    r.sessions.push({ id: s.session_id, redirectUrl: s.redirect_url });
    await expectStatus(r.sessions[r.sessions.length - 1]!, 'pending');
  }
  toString = () => 'create';
}

class AdvanceCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly to: SessionStatus,
  ) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    settle(m);
    const s = pick(m.sessions, this.index);
    const real = pick(r.sessions, this.index);
    const reply = await t.call('POST', '/v1/test_helpers/onramp/advance', {
      body: { session_id: real.id, to: this.to },
    });
    if (canTransition(s.status, this.to)) {
      assert.equal(expectData(reply, sessionStatusViewSchema).status, this.to);
      s.status = this.to;
      // A helper transition cancels any scheduled delivery (processing set this way delivers nothing).
      s.delivery = null;
    } else {
      expectError(reply, 409, 'INVALID_TRANSITION', 'to');
    }
    await expectStatus(real, s.status);
  }
  toString = () => `advance(#${this.index}, ${this.to})`;
}

const CARDS = {
  '4242424242424242': 'deliver',
  '4000000000000002': 'decline',
  '4000000000009995': 'fail_delivery',
} as const;
type Card = keyof typeof CARDS;

class PayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly card: Card,
  ) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    settle(m);
    const s = pick(m.sessions, this.index);
    const real = pick(r.sessions, this.index);
    const url = new URL(real.redirectUrl);
    const form = new URLSearchParams({
      t: url.searchParams.get('t') ?? '',
      card_number: this.card,
      card_expiry: '12/45',
      card_cvc: '123',
      card_name: 'Model',
    });
    const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const page = await res.text();
    if (s.status === 'pending') {
      assert.equal(res.status, 303, page.slice(0, 300));
      const outcome = CARDS[this.card];
      if (outcome === 'decline') s.status = 'failed';
      else {
        s.status = 'processing';
        s.delivery = { at: now + DELIVERY_MS, outcome: outcome === 'deliver' ? 'completed' : 'failed' };
      }
    } else {
      assert.equal(res.status, 409, `paying a ${s.status} session`);
      assert.match(page, /data-error-code="SESSION_NOT_PAYABLE"/);
    }
    await expectStatus(real, s.status);
  }
  toString = () => `pay(#${this.index}, ${this.card})`;
}

class ElapseCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = m.sessions.map((s) => s.status);
    now += this.ms;
    settle(m);
    // Final states never move, whatever time does.
    m.sessions.forEach((s, i) => {
      if (isFinalStatus(before[i]!)) assert.equal(s.status, before[i]);
    });
    for (const [i, real] of r.sessions.entries()) await expectStatus(real, pick(m.sessions, i).status);
  }
  toString = () => `elapse(${this.ms} ms)`;
}

class ReadCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.sessions.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    settle(m);
    await expectStatus(pick(r.sessions, this.index), pick(m.sessions, this.index).status);
  }
  toString = () => `read(#${this.index})`;
}

const commands = [
  fc.constant(new CreateCommand()),
  fc.tuple(fc.nat(), fc.constantFrom(...SESSION_STATUSES)).map(([i, to]) => new AdvanceCommand(i, to)),
  fc.tuple(fc.nat(), fc.constantFrom(...(Object.keys(CARDS) as Card[]))).map(([i, card]) => new PayCommand(i, card)),
  fc.constantFrom(DELIVERY_MS - 1, DELIVERY_MS, TTL_MS).map((ms) => new ElapseCommand(ms)),
  fc.nat().map((i) => new ReadCommand(i)),
];

describe('session transitions (model-based)', () => {
  it('legal transitions succeed, illegal ones are refused, final states stay final', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const setup = async () => {
          const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
          return {
            model: { sessions: [{ status: 'pending' as SessionStatus, expiresAt: now + TTL_MS, delivery: null }] },
            real: { sessions: [{ id: s.session_id, redirectUrl: s.redirect_url }] },
          };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      // The number of runs is the budget, not wall time: a busy CI machine runs them all, more slowly.
      { numRuns: 60 },
    );
  });

  it('refuses every illegal helper transition from every state', async () => {
    for (const from of SESSION_STATUSES) {
      for (const to of SESSION_STATUSES) {
        const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
        // The shortest legal path to `from`.
        const path: SessionStatus[] = {
          pending: [],
          processing: ['processing'],
          completed: ['processing', 'completed'],
          failed: ['failed'],
          expired: ['expired'],
        }[from] as SessionStatus[];
        for (const step of path) {
          const reply = await t.call('POST', '/v1/test_helpers/onramp/advance', {
            body: { session_id: s.session_id, to: step },
          });
          assert.equal(reply.status, 200, reply.text);
        }
        const reply = await t.call('POST', '/v1/test_helpers/onramp/advance', {
          body: { session_id: s.session_id, to },
        });
        if (canTransition(from, to)) assert.equal(expectData(reply, sessionStatusViewSchema).status, to);
        else {
          expectError(reply, 409, 'INVALID_TRANSITION', 'to');
          assert.equal(
            expectData(await t.call('GET', `/v1/onramp?session_id=${s.session_id}`), sessionStatusViewSchema).status,
            from,
          );
        }
      }
    }
  });
});
