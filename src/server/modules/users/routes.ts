import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCOUNT_DELETED } from '#contract/account-data.ts';
import { usersApi } from '#contract/api/users.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { handle } from '../../route-table.ts';
import { deleted, inserted, modified } from '../../spec-answers.ts';
import { exportData } from './data-export.ts';
import { eraseByEmail, type Leaving, leave } from './erasure.ts';
import { hashPassword } from './passwords.ts';
import { assertSelfOrAdmin } from './self-or-admin.ts';
import { createCustomer, detailsOf, findActiveUserByEmail, promoteToAdmin, setDetails, setPhoto } from './service.ts';

export type UserRoutesOptions = {
  /** The other modules' part of an account leaving: what keeps it open, their erasure, their export (app.ts). */
  leaving: Leaving;
  /** E-mails a password sign-up its verification link, in the sign-up's transaction (app.ts wires auth's). */
  whenSignedUp: (tx: Tx, account: { id: string; email: string }, now: Date) => Promise<void>;
  /** Counts password guesses with sign-in's (app.ts wires auth's limiter): deleting an account asks the password. */
  passwordGuesses: { attempt: (ip: string, email: string, reply: FastifyReply) => Promise<void> };
};

const asAuthUser = (user: AuthUser, photoUrl: string | null) => ({
  id: user.id,
  email: user.email,
  displayName: user.name,
  photoURL: photoUrl,
  roll: user.role,
  emailVerified: user.emailVerified,
});

export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  handle(app, usersApi.signUp, async ({ body }) => {
    const { name, email, password, photoURL } = body;
    const passwordHash = await hashPassword(password);
    const user = await app.db.transaction(async (tx) => {
      const account = await createCustomer(tx, { name, email, passwordHash, photoUrl: photoURL });
      await options.whenSignedUp(tx, account, app.now());
      return account;
    });
    return inserted(user.id);
  });

  handle(app, usersApi.me, async ({ user }) => asAuthUser(user, user.photoUrl));

  handle(app, usersApi.details, async ({ user }) => detailsOf(app.db, user.id));

  handle(app, usersApi.saveDetails, async ({ body, user }) => setDetails(app.db, user.id, body));

  handle(app, usersApi.savePhoto, async ({ body, user }) => {
    await setPhoto(app.db, user.id, body.photoURL);
    return asAuthUser(user, body.photoURL);
  });

  handle(app, usersApi.isAdmin, async ({ params, user }) => {
    assertSelfOrAdmin(user, params.email);
    return { admin: (await findActiveUserByEmail(app.db, params.email))?.role === 'admin' };
  });

  handle(app, usersApi.isVendor, async ({ params, user }) => {
    assertSelfOrAdmin(user, params.email);
    return { vendor: (await findActiveUserByEmail(app.db, params.email))?.role === 'vendor' };
  });

  handle(app, usersApi.promote, async ({ params }) => modified(await promoteToAdmin(app.db, params.id)));

  handle(app, usersApi.remove, async ({ params, user }) => {
    if (normalizeEmail(params.email) === user.email) {
      throw conflict('You cannot delete your own account. Another admin can.');
    }
    return deleted(await eraseByEmail(app.db, params.roll, params.email, options.leaving));
  });

  handle(app, usersApi.exportData, async ({ user }, reply) => {
    const data = await exportData(app.db, user.id, options.leaving, app.now());
    reply
      .header('content-disposition', `attachment; filename="farmstall-my-data-${data.exportedAt.slice(0, 10)}.json"`)
      .header('cache-control', 'private, no-store');
    return data;
  });

  handle(app, usersApi.leave, async ({ body, user, ip }, reply) => {
    // A stolen session must not turn into a password oracle: each try counts as a sign-in guess at the account.
    await options.passwordGuesses.attempt(ip, user.email, reply);
    await leave(app.db, user.id, body, options.leaving);
    return { deleted: true as const, message: ACCOUNT_DELETED };
  });
}
