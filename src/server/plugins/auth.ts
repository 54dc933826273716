import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '#contract/roles.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { sessionIsLive, verifyAccessToken } from '../modules/auth/index.ts';
import { callerById } from '../modules/users/index.ts';

/** Who is calling, as the server knows it from the verified token and the database. */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoUrl: string | null;
  /** The account's e-mail is proven (decision 048): registering a shop, payouts and reviews need it. */
  emailVerified: boolean;
  /** The session (signed-in device) the access token belongs to; null for a token from before sessions. */
  sessionId: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Resolved from the bearer token on every request. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless signed in, before any input is read. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: 401 unless signed in, 403 unless one of the roles, before any input is read. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Reads `Authorization: Bearer <token>`, verifies it, and checks the account still exists, is enabled
 * and has not had its tokens revoked (token version), and that the token's session is not signed out, so a deleted
 * or disabled user, or a device signed out, is out at once.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const claims = await verifyAccessToken(header.slice(7).trim(), app.secrets.jwtSecret);
      if (!claims) return;
      const row = await callerById(app.db, claims.sub, claims.ver);
      if (!row) return;
      // Signed out on this device (or everywhere): its access token is refused before it expires.
      if (claims.sid && !(await sessionIsLive(app.db, claims.sid))) return;
      request.user = {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        photoUrl: row.photoUrl,
        emailVerified: row.emailVerifiedAt !== null,
        sessionId: claims.sid ?? null,
      };
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
    });

    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
