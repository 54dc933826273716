import { z } from 'zod';
import { accountDeleted, dataExport, leaveInput } from '../account-data.ts';
import { authUser, signUpCreated, signUpInput } from '../auth.ts';
import { ROLES } from '../roles.ts';
import { route } from '../route-table.ts';
import { deletedCount, modifiedCount, photoInput, profileDetails, profileDetailsView } from '../users.ts';
import { emailField } from '../validation.ts';

const emailParams = z.object({ email: emailField });
const ownAccount = { of: 'account', admin: true, otherwise: 403 } as const;
/** What GET /users/admin/:email and GET /users/vendor/:email share: the caller's own account, or any for an admin. */
const roleCheck = {
  method: 'GET',
  tag: 'users',
  access: { allow: 'signed-in', owner: ownAccount },
  params: emailParams,
  status: 200,
  errors: [],
} as const;

/** Accounts: sign-up, the caller's own account, and the admin's user management (shop fields: see shops.ts). */
export const usersApi = {
  signUp: route({
    method: 'POST',
    path: '/users',
    tag: 'users',
    summary: 'Sign up (always a customer, whatever roll says); sign in afterwards with POST /jwt',
    access: { allow: 'public' },
    body: signUpInput,
    status: 201,
    response: signUpCreated,
    errors: [409],
  }),
  me: route({
    method: 'GET',
    path: '/users/me',
    tag: 'users',
    summary: 'The signed-in user',
    access: { allow: 'signed-in' },
    status: 200,
    response: authUser,
    errors: [],
  }),
  details: route({
    method: 'GET',
    path: '/users/me/details',
    tag: 'users',
    summary: 'The signed-in user’s name, phone and default delivery address, for the profile and to prefill checkout',
    access: { allow: 'signed-in' },
    status: 200,
    response: profileDetailsView,
    errors: [],
  }),
  saveDetails: route({
    method: 'PUT',
    path: '/users/me/details',
    tag: 'users',
    summary: 'Changes the signed-in user’s name, phone and default delivery address',
    access: { allow: 'signed-in' },
    body: profileDetails,
    status: 200,
    response: profileDetailsView,
    errors: [],
  }),
  savePhoto: route({
    method: 'PATCH',
    path: '/users/me/photo',
    tag: 'users',
    summary: 'The signed-in user’s picture (upload it first with POST /uploads)',
    access: { allow: 'signed-in' },
    body: photoInput,
    status: 200,
    response: authUser,
    errors: [],
  }),
  exportData: route({
    method: 'GET',
    path: '/users/me/data',
    tag: 'users',
    summary:
      'Download my data: the signed-in user’s profile, orders, payments, reviews, favourites, notifications and more as one JSON file (docs/privacy.md)',
    access: { allow: 'signed-in' },
    status: 200,
    response: dataExport,
    errors: [],
  }),
  leave: route({
    method: 'DELETE',
    path: '/users/me',
    tag: 'users',
    summary:
      'Delete my account (the password again, or the e-mail for a Google-only account): personal data erased, orders kept without it; 409 with what remains (open orders, a balance, the last admin)',
    access: { allow: 'signed-in' },
    body: leaveInput,
    status: 200,
    response: accountDeleted,
    errors: [409],
  }),
  isAdmin: route({
    ...roleCheck,
    path: '/users/admin/:email',
    summary: 'Whether the user is an admin (own account, or any for an admin)',
    response: z.object({ admin: z.boolean() }),
  }),
  isVendor: route({
    ...roleCheck,
    path: '/users/vendor/:email',
    summary: 'Whether the user is a vendor (own account, or any for an admin)',
    response: z.object({ vendor: z.boolean() }),
  }),
  promote: route({
    method: 'PATCH',
    path: '/users/admin/:id',
    tag: 'users',
    summary: 'Admin: make a customer an admin',
    access: { allow: ['admin'] },
    params: z.object({ id: z.uuid({ error: 'Not a user id' }) }),
    status: 200,
    response: modifiedCount,
    errors: [404, 409],
  }),
  remove: route({
    method: 'DELETE',
    path: '/users/:roll/:email',
    tag: 'users',
    summary:
      'Admin: delete another user (personal data erased as DELETE /users/me does; orders and payments stay without it); never the caller',
    access: { allow: ['admin'] },
    params: z.object({ roll: z.enum(ROLES), email: emailField }),
    status: 200,
    response: deletedCount,
    errors: [404, 409],
  }),
};
