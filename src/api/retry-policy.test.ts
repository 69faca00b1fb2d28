import { expect } from '@open-wc/testing';
import { backoffDelay, DEFAULT_BACKOFF, MAX_DELAY_MS, parseRetryAfter } from './retry-policy.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', NOW)).to.equal(0);
    expect(parseRetryAfter('7', NOW)).to.equal(7000);
    expect(parseRetryAfter(' 120 ', NOW)).to.equal(120_000);
  });

  it('reads an HTTP date against the given (server) time', () => {
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).to.equal(30_000);
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:01:00 GMT', NOW)).to.equal(60_000);
  });

  it('a date in the past means no wait', () => {
    expect(parseRetryAfter(new Date(NOW - 30_000).toUTCString(), NOW)).to.equal(0);
  });

  it('absent or unreadable is null', () => {
    expect(parseRetryAfter(null, NOW)).to.equal(null);
    expect(parseRetryAfter('', NOW)).to.equal(null);
    expect(parseRetryAfter('soon', NOW)).to.equal(null);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base, with equal jitter: half fixed, half random', () => {
    expect(backoffDelay(1, null, () => 0)).to.equal(500);
    expect(backoffDelay(1, null, () => 0.999999)).to.be.closeTo(1000, 1);
    expect(backoffDelay(2, null, () => 0)).to.equal(1000);
    expect(backoffDelay(3, null, () => 0.5)).to.equal(3000);
    expect(backoffDelay(0, null, () => 0)).to.equal(500);
  });

  it('stays inside [exp/2, exp] for random values', () => {
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const exp = Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i += 1) {
        const delay = backoffDelay(attempt);
        expect(delay).to.be.at.least(exp / 2);
        expect(delay).to.be.at.most(exp);
      }
    }
  });

  it('is capped', () => {
    expect(backoffDelay(50, null, () => 1)).to.equal(DEFAULT_BACKOFF.capMs);
    expect(backoffDelay(1000, null, () => 0)).to.equal(DEFAULT_BACKOFF.capMs / 2);
  });

  it('jitters: many callers do not retry in step', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(4)));
    expect(delays.size).to.be.above(10);
  });

  it('treats Retry-After as a floor', () => {
    expect(backoffDelay(1, 10_000, () => 1)).to.equal(10_000);
    expect(backoffDelay(5, 1000, () => 1)).to.equal(16_000);
    expect(backoffDelay(1, 0, () => 0)).to.equal(500);
  });

  it('never exceeds what a timer can hold, whatever Retry-After says', () => {
    // setTimeout fires at once past 2^31-1 ms: a huge Retry-After must not turn into a retry storm.
    expect(backoffDelay(1, parseRetryAfter('99999999', NOW))).to.equal(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).to.be.at.most(2 ** 31 - 1);
  });
});
