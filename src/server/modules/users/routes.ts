import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser, signUpCreated, signUpInput } from '#contract/auth.ts';
import { ROLES } from '#contract/roles.ts';
import {
  deletedCount,
  modifiedCount,
  photoInput,
  userListQuery,
  userPage,
  userRecord,
  vendorRegistrationInput,
} from '#contract/users.ts';
import { emailField } from '#contract/validation.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  createCustomer,
  deleteUser,
  findActiveUserByEmail,
  listUsers,
  promoteToAdmin,
  registerVendor,
  setPhoto,
  withShops,
} from './service.ts';

const emailParam = z.object({ email: emailField });
const rollParam = z.object({ roll: z.enum(ROLES) });

/** The caller may read about `email` when it is their own, or when they are an admin. */
function assertSelfOrAdmin(request: FastifyRequest, email: string) {
  const user = request.user;
  if (!user) throw unauthenticated();
  if (user.roll !== 'admin' && user.email !== email) {
    throw forbidden('You can only look up your own account');
  }
}

export async function userRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up (always a customer, whatever roll says); sign in afterwards with POST /jwt',
        body: signUpInput,
        response: { 201: signUpCreated },
      },
    },
    async (request, reply) => {
      const { name, email, password, photoURL } = request.body;
      const user = await createCustomer(app.db, {
        name,
        email,
        passwordHash: await hashPassword(password),
        photoUrl: photoURL,
      });
      return reply.status(201).send({ insertedId: user.id });
    },
  );

  api.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: authUser } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthenticated();
      return { id: user.id, email: user.email, displayName: user.name, photoURL: user.photoUrl, roll: user.roll };
    },
  );

  api.patch(
    '/users/me/photo',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user’s picture (upload it first with POST /uploads)',
        body: photoInput,
        response: { 200: authUser },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthenticated();
      await setPhoto(app.db, user.id, request.body.photoURL);
      return {
        id: user.id,
        email: user.email,
        displayName: user.name,
        photoURL: request.body.photoURL,
        roll: user.roll,
      };
    },
  );

  api.get(
    '/users/info',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A user with its shop fields, as an array (own account, or any for an admin)',
        querystring: z.object({ email: emailField }),
        response: { 200: z.array(userRecord) },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.query.email);
      const user = await findActiveUserByEmail(app.db, request.query.email);
      return user ? withShops(app.db, [user]) : [];
    },
  );

  for (const [flag, roll] of [
    ['admin', 'admin'],
    ['vendor', 'vendor'],
  ] as const) {
    api.get(
      `/users/${flag}/:email`,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['users'],
          summary: `Whether the user is ${roll === 'admin' ? 'an admin' : 'a vendor'} (own account, or any for an admin)`,
          params: emailParam,
          response: { 200: z.object({ [flag]: z.boolean() }) },
        },
      },
      async (request) => {
        assertSelfOrAdmin(request, request.params.email);
        const user = await findActiveUserByEmail(app.db, request.params.email);
        return { [flag]: user?.roll === roll };
      },
    );
  }

  api.get(
    '/users/:roll',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Admin: the customers, vendors or admins (all, or one page with ?page=)',
        params: rollParam,
        querystring: userListQuery,
        response: { 200: z.union([z.array(userRecord), userPage]) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const roll = request.params.roll;
      return page ? listUsers(app.db, roll, { page, limit }) : listUsers(app.db, roll);
    },
  );

  api.patch(
    '/users/admin/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Admin: make a customer an admin',
        params: z.object({ id: z.uuid({ error: 'Not a user id' }) }),
        response: { 200: modifiedCount },
      },
    },
    async (request) => promoteToAdmin(app.db, request.params.id),
  );

  api.patch(
    '/users/email/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Vendor registration of the caller’s own account: roll vendor, membership normal',
        params: emailParam,
        body: vendorRegistrationInput,
        response: { 200: modifiedCount },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthenticated();
      if (user.email !== request.params.email) {
        throw forbidden('You can only register a shop for your own account');
      }
      return registerVendor(app.db, user.id, request.body);
    },
  );

  api.delete(
    '/users/:roll/:email',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Admin: delete a user (the account is disabled; orders and payments stay)',
        params: rollParam.extend({ email: emailField }),
        response: { 200: deletedCount },
      },
    },
    async (request) => deleteUser(app.db, request.params.roll, request.params.email),
  );
}
