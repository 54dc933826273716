import { API_ROUTES, type ApiRouteKey, routeKey } from '#contract/api/index.ts';
import type { Role } from '#contract/roles.ts';
import type { Ownership, RouteAccess } from '#contract/route-table.ts';

export type { RouteAccess };

/**
 * Who may call each route of the API: one row per `METHOD /api/path` (Fastify's url, with :params).
 *
 * This is data, checked by src/server/authorization-matrix.test.ts: every registered /api route must have
 * a row (a new route cannot ship unclassified) and every row a route; each route is called as
 * anonymous, customer A, customer B, vendor A, vendor B and admin, aimed at resources of customer A and
 * vendor A, and must answer what `expectedOutcome` derives from its row.
 */

const PUBLIC: RouteAccess = { allow: 'public' };
const SIGNED_IN: RouteAccess = { allow: 'signed-in' };
const ADMIN: RouteAccess = { allow: ['admin'] };

const ownAccount = (admin: boolean): Ownership => ({ of: 'account', admin, otherwise: 403 });

/** Routes not (yet) in the contract's route table; each module's rows move to the table with its routes. */
const UNLISTED = {
  // System and documentation
  'GET /api/docs': PUBLIC,
  'GET /api/docs/': PUBLIC,
  'GET /api/docs/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,

  // Sign-up, sign-in and sessions: proof of identity is in the body or the refresh cookie
  'POST /api/users': PUBLIC,
  'POST /api/jwt': PUBLIC,
  'POST /api/auth/refresh': { allow: 'public', note: 'the refresh cookie is the credential (401 without one)' },
  'POST /api/auth/logout': PUBLIC,
  'GET /api/auth/providers': PUBLIC,
  'GET /api/auth/google/start': PUBLIC,
  'GET /api/auth/google/callback': PUBLIC,
  'GET /api/auth/google/popup.js': PUBLIC,

  // Accounts
  'GET /api/users/me': SIGNED_IN,
  'PATCH /api/users/me/photo': SIGNED_IN,
  'GET /api/users/info': { allow: 'signed-in', owner: ownAccount(true) },
  'GET /api/users/admin/:email': { allow: 'signed-in', owner: ownAccount(true) },
  'GET /api/users/vendor/:email': { allow: 'signed-in', owner: ownAccount(true) },
  'GET /api/users/:roll': ADMIN,
  'PATCH /api/users/admin/:id': ADMIN,
  'PATCH /api/users/email/:email': {
    allow: 'signed-in',
    owner: ownAccount(false),
    note: 'vendor registration: only for the caller’s own account, not even an admin for another',
  },
  'DELETE /api/users/:roll/:email': ADMIN,

  // Catalog (reads are public)
  'GET /api/shops': PUBLIC,
  'GET /api/singleShop/:id': PUBLIC,

  // Coupons, checkout, payments


  // Uploads
  'POST /api/uploads': { allow: 'signed-in', note: 'issue 9: pictures need a signed-in user' },
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof UNLISTED | ApiRouteKey;

const fromTable = Object.fromEntries(API_ROUTES.map((route) => [routeKey(route), route.access]));
for (const key of Object.keys(fromTable)) {
  if (key in UNLISTED) throw new Error(`${key} is both in the route table and in route-access.ts`);
}

/** Every /api route and who may call it: the route table's rows and the few routes outside it. */
export const ROUTE_ACCESS = { ...UNLISTED, ...fromTable } as unknown as Record<RouteKey, RouteAccess>;

/** A caller as the matrix sees it: anonymous, or a role and whether it owns the resource the route acts on. */
export type CallerView = { role: Role | null; owns: boolean };

/** What a call must answer: 401, 403 or 404, or `allowed` (any status but 401 and 403, and not a hiding 404). */
export type Outcome = 401 | 403 | 404 | 'allowed';

/** The outcome a route's row promises to a caller. */
export function expectedOutcome(access: RouteAccess, caller: CallerView): Outcome {
  if (access.allow === 'public') return 'allowed';
  if (!caller.role) return 401;
  if (access.allow !== 'signed-in' && !access.allow.includes(caller.role)) return 403;
  const owner = access.owner;
  if (!owner || caller.owns || (owner.admin && caller.role === 'admin')) return 'allowed';
  return owner.otherwise;
}
