/**
 * The server's clock, estimated from `Date` response headers, so countdowns do not depend on a
 * device clock that may be minutes off. The header has one-second resolution: the true server time
 * lies in [date, date + 1 s), so the midpoint is used, against the midpoint of the request.
 */
export class ServerClock {
  #offsetMs = 0;
  #samples = 0;

  /** Records one response; `sentAt`/`receivedAt` are device times around the request. */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (Number.isNaN(serverMs)) return;
    const offset = serverMs + 500 - (sentAt + receivedAt) / 2;
    // Average the first samples, then follow slowly: a single slow response must not jerk the display.
    this.#samples = Math.min(this.#samples + 1, 4);
    this.#offsetMs += (offset - this.#offsetMs) / this.#samples;
  }

  /** Current server time, epoch ms. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
