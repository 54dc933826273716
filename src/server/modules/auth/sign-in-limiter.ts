/**
 * Counts failed sign-ins per client address and e-mail in this process (see docs/decisions: with N servers
 * the limit is at most N times as generous). Successful sign-ins do not count, and clear the count.
 */
export class SignInLimiter {
  readonly #failures = new Map<string, number[]>();
  readonly #max: number;
  readonly #windowMs: number;

  constructor(max = 10, windowMs = 15 * 60 * 1000) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  #recent(key: string, now: number): number[] {
    const times = (this.#failures.get(key) ?? []).filter((t) => now - t < this.#windowMs);
    if (times.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, times);
    return times;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.#recent(key, now).length >= this.#max;
  }

  recordFailure(key: string, now = Date.now()): void {
    this.#failures.set(key, [...this.#recent(key, now), now]);
    if (this.#failures.size > 10_000) this.#prune(now);
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #prune(now: number): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key, now);
  }
}
