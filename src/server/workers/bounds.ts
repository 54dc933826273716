import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * How many of a kind of heavy work (files made, pictures encoded) run at once, per user and in all (decision 057).
 * Past a user's bound: 429 with Retry-After (that user waits for their own); past the total: 503 with Retry-After
 * (the server is busy; anyone may try again). The count is this process's: each server bounds its own threads and
 * memory.
 */
export type Bound = {
  /** Counts one in, or answers 429 / 503; the function it returns counts it out (once, whatever happens). */
  enter(userId: string, reply: FastifyReply): () => void;
  /** In progress now, in all and for one user. */
  inProgress(userId?: string): number;
};

export function concurrencyBound(options: {
  perUser: number;
  total: number;
  retryAfterSeconds: number;
  /** The 429's message: the user has `perUser` in progress. */
  userBusy: (perUser: number) => string;
  /** The 503's message. */
  allBusy: string;
}): Bound {
  const byUser = new Map<string, number>();
  let total = 0;
  return {
    enter(userId, reply) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= options.perUser) {
        reply.header('retry-after', String(options.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', options.userBusy(options.perUser));
      }
      if (total >= options.total) {
        reply.header('retry-after', String(options.retryAfterSeconds));
        throw new AppError('UNAVAILABLE', options.allBusy);
      }
      byUser.set(userId, mine + 1);
      total += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        total -= 1;
        const now = (byUser.get(userId) ?? 1) - 1;
        if (now > 0) byUser.set(userId, now);
        else byUser.delete(userId);
      };
    },
    inProgress: (userId) => (userId === undefined ? total : (byUser.get(userId) ?? 0)),
  };
}

/** The bound of PDF and CSV files in the making. */
export const exportBound = (config: { exportsPerUser: number; exportsMax: number }) =>
  concurrencyBound({
    perUser: config.exportsPerUser,
    total: config.exportsMax,
    retryAfterSeconds: 2,
    userBusy: (n) =>
      `You already have ${n === 1 ? 'a file' : `${n} files`} being made. Please wait for ${n === 1 ? 'it' : 'them'} and try again.`,
    allBusy: 'The server is busy making other files. Please try again in a few seconds.',
  });

/** The bound of pictures being received and encoded. */
export const uploadBound = (config: { uploadsPerUser: number; uploadsMax: number }) =>
  concurrencyBound({
    perUser: config.uploadsPerUser,
    total: config.uploadsMax,
    retryAfterSeconds: 5,
    userBusy: (n) =>
      `You already have ${n === 1 ? 'a picture' : `${n} pictures`} uploading. Please wait for ${n === 1 ? 'it' : 'them'} to finish and try again.`,
    allBusy: 'The server is busy with other pictures. Please try again in a few seconds.',
  });
