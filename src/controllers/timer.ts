/** One pending timeout at a time: starting it again replaces it; `pending` says whether it is set. */
export class Timer {
  #id: ReturnType<typeof setTimeout> | undefined;

  get pending(): boolean {
    return this.#id !== undefined;
  }

  start(callback: () => void, ms: number): void {
    this.stop();
    this.#id = setTimeout(() => {
      this.#id = undefined;
      callback();
    }, ms);
  }

  stop(): void {
    clearTimeout(this.#id);
    this.#id = undefined;
  }
}
