import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { RouteAccess, RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '#contract/route-table.ts';
import type { AuthUser } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table row the route was registered from (the OpenAPI document reads its errors). */
    route?: RouteDef;
  }
}

/** The caller a handler sees: always signed in, unless the route is public. */
export type Caller<R extends RouteDef> = R['access']['allow'] extends 'public' ? AuthUser | null : AuthUser;

/** A request typed by its route: parsed params, query and body, and the caller. */
export type TypedRequest<R extends RouteDef> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'user'> & {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  user: Caller<R>;
};

/** Returns the success body, or the reply after sending another status itself (`reply.code(200).send(body)`). */
export type Handler<R extends RouteDef> = (
  request: TypedRequest<R>,
  reply: FastifyReply,
) => Promise<RouteResult<R> | FastifyReply>;

/** Fastify options a route may add to its row: body size, rate-limit settings. */
export type ExtraOptions = Pick<RouteShorthandOptions, 'bodyLimit'> & { config?: { writeLimit?: boolean } };

/**
 * Registers one route of the table: its method and path, the zod schemas of its input and success body,
 * the guard its access asks for (run on onRequest, before any input is read), and the handler. The success
 * status of the row is set unless the handler chose another.
 */
export function handle<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  options: ExtraOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { ...options.config, route: def },
    onRequest: guardFor(app, def.access),
    schema: {
      tags: [def.tag],
      summary: def.summary,
      ...(def.fileField ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.hidden ? { hide: true } : {}),
      ...(def.access.allow === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.response ? { response: { [def.status]: def.response, ...def.otherResponses } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as TypedRequest<R>, reply);
      if (!reply.sent && reply.statusCode === 200 && def.status !== 200) reply.code(def.status);
      return result;
    },
  });
}

function guardFor(app: FastifyInstance, access: RouteAccess) {
  if (access.allow === 'public') return [];
  if (access.allow === 'signed-in') return [app.requireUser];
  return [app.requireRole(...access.allow)];
}

/** Every error status a route may answer: the declared ones, those its input, access and method imply, and 503. */
export function errorStatuses(def: RouteDef): number[] {
  const statuses = new Set<number>(def.errors);
  if (def.params || def.query || def.body) statuses.add(400);
  if (def.access.allow !== 'public') statuses.add(401);
  if (def.access.allow !== 'public' && (def.access.allow !== 'signed-in' || def.access.owner)) statuses.add(403);
  if (def.access.owner?.otherwise === 404) statuses.add(404);
  if (def.method !== 'GET') statuses.add(429);
  if (def.method !== 'GET') statuses.add(507); // a write that found the disk full (decision 057): nothing kept
  statuses.add(503); // the database is away for a moment (UNAVAILABLE, with Retry-After)
  for (const status of Object.keys(def.otherResponses ?? {})) statuses.delete(Number(status));
  return [...statuses].sort((a, b) => a - b);
}
