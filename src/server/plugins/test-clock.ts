import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from '../errors.ts';

/** The time a request asked to be served at (`x-test-clock`), for the code it runs. */
export const testClock = new AsyncLocalStorage<Date>();

/**
 * With TEST_CLOCK_HEADER=true (browser journeys only), a request carrying `x-test-clock: <ISO time>` runs with the
 * app's clock at that time: a journey moves its own clock past a cutoff without waiting and without moving the
 * clock of the journeys running beside it.
 */
export function enterTestClock(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const header = request.headers['x-test-clock'];
  if (typeof header !== 'string') return done();
  const at = new Date(header);
  if (Number.isNaN(at.getTime())) return done(badRequest('x-test-clock must be an ISO time'));
  testClock.run(at, done);
}
