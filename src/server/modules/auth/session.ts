import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Account } from '../users/index.ts';
import type { GoogleFlowState } from './google.ts';
import { issueRefreshToken, REFRESH_TOKEN_TTL_SECONDS, startSessionRow } from './refresh-tokens.ts';
import { signAccessToken } from './tokens.ts';

/** The refresh cookie is only ever sent to /api/auth/* (refresh, logout), never to other API calls. */
export const REFRESH_COOKIE = 'farmstall_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
const FLOW_COOKIE = 'farmstall_google_flow';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_TTL_SECONDS = 10 * 60;

const secure = (app: FastifyInstance) => app.config.publicUrl.startsWith('https:');

/** An access token of the user's session `sessionId`. */
export function accessTokenFor(app: FastifyInstance, user: Account, sessionId: string): Promise<string> {
  return signAccessToken(
    { sub: user.id, email: user.email, role: user.role, ver: user.tokenVersion, sid: sessionId },
    app.secrets.jwtSecret,
  );
}

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(app),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(app),
  });
}

/**
 * Signs the user in on this device: a new session, its refresh token in the cookie, and an access token of it to
 * hand to the client.
 */
export async function startSession(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'headers'>,
  reply: FastifyReply,
  user: Account,
): Promise<string> {
  const sessionId = await startSessionRow(app.db, user.id, request.headers['user-agent']);
  setRefreshCookie(app, reply, await issueRefreshToken(app.db, user.id, sessionId));
  return accessTokenFor(app, user, sessionId);
}

const flowKey = (app: FastifyInstance) => new TextEncoder().encode(app.secrets.jwtSecret);

/**
 * The PKCE verifier, state and nonce travel in a signed, short-lived httpOnly cookie, so any server of
 * several can finish a sign-in another one started. SameSite=Lax: Google's redirect back is a top-level GET.
 */
export async function setFlowCookie(app: FastifyInstance, reply: FastifyReply, flow: GoogleFlowState): Promise<void> {
  const value = await new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('google-flow')
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(flowKey(app));
  reply.setCookie(FLOW_COOKIE, value, {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(app),
    maxAge: FLOW_TTL_SECONDS,
  });
}

export async function readFlowCookie(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'cookies'>,
): Promise<GoogleFlowState | null> {
  const value = request.cookies[FLOW_COOKIE];
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, flowKey(app), { audience: 'google-flow', algorithms: ['HS256'] });
    const { verifier, state, nonce } = payload;
    if (typeof verifier !== 'string' || typeof state !== 'string' || typeof nonce !== 'string') return null;
    return { verifier, state, nonce };
  } catch {
    return null;
  }
}

export function clearFlowCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secure(app) });
}
