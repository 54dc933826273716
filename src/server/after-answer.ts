import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Runs work after a route's answer, when the answer must not wait for it (nor take longer because of what it finds,
 * as a forgotten-password request for a known e-mail would). A failure is logged; closing the app waits for what
 * is still running, so a graceful stop loses none of it. A crash may: such work must be safe to ask for again.
 */
export function afterAnswer(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  return (log: FastifyBaseLogger, what: string, work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(task));
    running.add(task);
  };
}
