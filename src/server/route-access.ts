import { API_ROUTES, type ApiRouteKey, routeKey } from '#contract/api/index.ts';
import type { Role } from '#contract/roles.ts';
import type { RouteAccess } from '#contract/route-table.ts';

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
