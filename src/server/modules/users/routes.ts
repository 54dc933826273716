import type { FastifyInstance } from 'fastify';
import { usersApi } from '#contract/api/users.ts';
import { normalizeEmail } from '#contract/validation.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { handle } from '../../route-table.ts';
import { hashPassword } from './passwords.ts';
import { assertSelfOrAdmin } from './self-or-admin.ts';
import {
  createCustomer,
  deleteUser,
  detailsOf,
  findActiveUserByEmail,
  promoteToAdmin,
  setDetails,
  setPhoto,
  type WhenDeleted,
} from './service.ts';

export type UserRoutesOptions = {
  /** The other modules' part of deleting a user, in its transaction (app.ts wires them). */
  whenDeleted: readonly WhenDeleted[];
  /** E-mails a password sign-up its verification link, in the sign-up's transaction (app.ts wires auth's). */
  whenSignedUp: (tx: Tx, account: { id: string; email: string }, now: Date) => Promise<void>;
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
    return { insertedId: user.id };
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

  handle(app, usersApi.promote, async ({ params }) => promoteToAdmin(app.db, params.id));

  handle(app, usersApi.remove, async ({ params, user }) => {
    if (normalizeEmail(params.email) === user.email) {
      throw conflict('You cannot delete your own account. Another admin can.');
    }
    return deleteUser(app.db, params.roll, params.email, options.whenDeleted);
  });
}
