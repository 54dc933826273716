import type { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * The shape of one API route, shared by the server (which registers the route, its schemas and its guard
 * from it), the web client (which calls through it, so a wrong path, input or response use does not compile),
 * the OpenAPI document and the authorization matrix test. Every module's routes are in `src/contract/api/`.
 */

/** Who may call at all. Anyone else gets 401 when not signed in, 403 when signed in with another role. */
export type Allow = 'public' | 'signed-in' | readonly Role[];

/**
 * What the caller must own when the route acts on one party's data:
 * - `account`: the account named by the e-mail or id in the path, query or body is the caller's own
 * - `shop`: the product, its reviews or its order lines belong to the caller's shop
 * - `purchase`: the cart line, payment intent, payment, order or delivered purchase is the caller's
 * The owner is a customer, or a vendor on routes only vendors (and admins) may call.
 */
export type Ownership = {
  of: 'account' | 'shop' | 'purchase';
  /** An admin may act on anyone's (admins must also be allowed). */
  admin: boolean;
  /** What a caller of an allowed role who does not own it gets: 403, or 404 where the API hides it exists. */
  otherwise: 403 | 404;
};

export type RouteAccess = {
  allow: Allow;
  owner?: Ownership;
  /** Why, when it is not obvious from the row. */
  note?: string;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Error statuses a route answers on purpose (besides what its access and input imply: 400 for bad input,
 * 401/403 from its access, 429 and 507 for writes, 503 while the database is away; those are added to the OpenAPI
 * document by the server). A read declares 429 when it is bounded per person (the exports of decision 057).
 */
export type DeclaredError = 402 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

export type RouteDef = {
  method: Method;
  /** Under `/api`, with `:name` parameters. */
  path: string;
  /** The OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status. */
  status: 200 | 201 | 204 | 302;
  /** The success body's schema, or null when it is not JSON (a file, a page, a redirect). */
  response: z.ZodType | null;
  /** Other statuses the route answers with a body of their own, not the error shape (the handler sends them). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  errors: readonly DeclaredError[];
  /** The body is multipart/form-data with this file field, read by the handler (described in the OpenAPI document). */
  fileField?: string;
  /** Left out of the OpenAPI document (an asset a page of ours loads, not an API). */
  hidden?: boolean;
};

/** Declares a route (keeps its literal types, so callers and handlers are typed by it). */
export function route<const R extends RouteDef>(def: R): R {
  return def;
}

type Schema<R extends RouteDef, K extends 'params' | 'query' | 'body'> = R[K] extends z.ZodType ? R[K] : never;

/** What a client sends: `params`, `query` and `body`, each present only when the route takes it. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: z.input<Schema<R, 'params'>> }
  : { params?: never }) &
  (R['query'] extends z.ZodType ? { query: z.input<Schema<R, 'query'>> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: z.input<Schema<R, 'body'>> } : { body?: never });

/** What the route answers on success, as the client reads it. */
export type RouteResponse<R extends RouteDef> = R['response'] extends z.ZodType ? z.output<R['response']> : unknown;

/** What a handler returns on success (the response schema serializes it). */
export type RouteResult<R extends RouteDef> = R['response'] extends z.ZodType ? z.input<R['response']> : unknown;

/** The parsed params, query and body a handler receives. */
export type RouteParams<R extends RouteDef> = R['params'] extends z.ZodType ? z.output<R['params']> : unknown;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : unknown;
export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : unknown;

/** `/orders/:id` with `{ id: 'a b' }` is `/orders/a%20b`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
