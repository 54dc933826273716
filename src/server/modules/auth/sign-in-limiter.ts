import type { FastifyReply } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { TOO_MANY_SIGN_IN_FAILURES } from '#contract/auth.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Db } from '../../db/client.ts';
import { addressKey, postgresLimiter, refuse } from '../../plugins/rate-limit.ts';

const WINDOW_SECONDS = 15 * 60;
/** Guesses at one account in the window, from anywhere. */
const PER_ACCOUNT = 10;
/** Guesses from one address in the window, at any accounts (an office behind one address stays well under). */
const PER_ADDRESS = 100;

/**
 * Counts sign-in attempts per account and per client address in PostgreSQL, so every server process shares
 * the count. An attempt is counted before its password is checked (a burst of parallel guesses gets no more
 * answers than the limit); a success gives its point back and clears the account's count.
 */
export class SignInLimiter {
  readonly #byAccount;
  readonly #byAddress;

  constructor(db: Db) {
    this.#byAccount = postgresLimiter(db, 'sign-in-account', PER_ACCOUNT, WINDOW_SECONDS);
    this.#byAddress = postgresLimiter(db, 'sign-in-address', PER_ADDRESS, WINDOW_SECONDS);
  }

  /** Counts the attempt; a 429 with Retry-After when the address or the account is locked. */
  async attempt(ip: string, email: string, reply: FastifyReply): Promise<void> {
    try {
      await this.#byAddress.consume(addressKey(ip));
      await this.#byAccount.consume(normalizeEmail(email));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw refuse(reply, rejection, () => TOO_MANY_SIGN_IN_FAILURES);
    }
  }

  /** The password was right: only failures count. */
  async succeeded(ip: string, email: string): Promise<void> {
    await Promise.all([this.#byAddress.reward(addressKey(ip)), this.#byAccount.delete(normalizeEmail(email))]);
  }
}
