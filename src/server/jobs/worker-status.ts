/**
 * What readiness and /metrics know of this process's job worker, in memory (issue 34). The heartbeat is the moment
 * the slowest of pg-boss's workers last came back from fetching its queue (`getWipData().lastFetchedOn`): each
 * polls every second or two whether or not there is a job, so a fetch held by a lock on pg-boss's job table, a lost
 * connection or a job that hangs all stop it, in this process, whichever other process holds the jobs.
 */
export class JobWorkerStatus {
  #beat: (() => number | undefined) | undefined;

  /** startJobs gives the time (ms) of its workers' oldest last fetch; stopping takes it back. */
  attach(lastBeatAt: () => number | undefined) {
    this.#beat = lastBeatAt;
  }

  detach() {
    this.#beat = undefined;
  }

  /** Whether this process runs the job worker at all (tests and tools build the app without it). */
  get running() {
    return this.#beat !== undefined;
  }

  /** Milliseconds since the heartbeat; undefined without a worker. */
  heartbeatAgeMs(now = Date.now()): number | undefined {
    const at = this.#beat?.();
    return at === undefined ? undefined : Math.max(0, now - at);
  }
}
