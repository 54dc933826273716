import { Piscina } from 'piscina';
import type { RenderTask } from './render.ts';

/**
 * The pool of worker threads that lays out PDFs and writes CSVs (decision 057), so that a statement of a month of a
 * large shop (hundreds of ms of layout) never holds up the other requests on the event loop. One pool per process,
 * started on first use (or by `warmRenderPool`) with WORKER_THREADS threads; its threads stay loaded while idle.
 */
let pool: Piscina<RenderTask, Uint8Array> | undefined;

const ENTRY = new URL('./render.ts', import.meta.url).href;
/** A thread idle this long ends; the next task starts one again (loading the renderers takes a second or so). */
const IDLE_MS = 30 * 60_000;

function poolOf(threads: number) {
  pool ??= new Piscina<RenderTask, Uint8Array>({
    filename: ENTRY,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    // On Linux the threads run at a lower priority than the event loop's (nice +10, with piscina's optional
    // @napi-rs/nice; without it, at the same): on a machine short of cores the loop gets the core first.
    niceIncrement: 10,
    // No limit of the pool's own: the routes let in at most EXPORTS_MAX files at once (the rest answer 503).
  });
  return pool;
}

/** Starts the threads and loads the renderers in them, so the first file asked for does not wait for that. */
export async function warmRenderPool(threads: number): Promise<void> {
  await poolOf(threads).run({ kind: 'pick-list-csv', sheet: { pickList: [] } } as unknown as RenderTask);
}

/** The file's bytes, made in a worker thread. */
export async function renderInPool(task: RenderTask, threads: number): Promise<Buffer> {
  const bytes = await poolOf(threads).run(task);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the pool's threads (at shutdown, and after tests); the next task starts a new pool. */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close({ force: true });
}

/** Threads, tasks running and waiting: for the tests and the metrics. */
export const renderPoolStats = () =>
  pool ? { threads: pool.threads.length, queued: pool.queueSize, completed: pool.completed } : undefined;
