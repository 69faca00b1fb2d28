/**
 * The server's clock, estimated from `Date` response headers, so countdowns do not depend on a
 * device clock that may be minutes off. The header has one-second resolution, so each response
 * only bounds the offset: the server's time was at least `date` when the answer arrived and below
 * `date + 1 s` when the request left. Intersecting those bounds over responses narrows the estimate.
 */
export class ServerClock {
  #low = -Infinity;
  #high = Infinity;

  /** Records one response; `sentAt`/`receivedAt` are device times around the request. */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (Number.isNaN(serverMs)) return;
    const low = serverMs - receivedAt;
    const high = serverMs + 1000 - sentAt;
    if (low > this.#high || high < this.#low) {
      // Disjoint from what we knew: the device clock jumped. Start again from this response.
      this.#low = low;
      this.#high = high;
      return;
    }
    this.#low = Math.max(this.#low, low);
    this.#high = Math.min(this.#high, high);
  }

  /** Estimated offset, ms, to add to the device clock; 0 before any response. */
  get offsetMs(): number {
    return Number.isFinite(this.#low) ? (this.#low + this.#high) / 2 : 0;
  }

  /** Current server time, epoch ms. */
  now(): number {
    return Date.now() + this.offsetMs;
  }
}
