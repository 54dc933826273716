import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '#contract/roles.ts';

/** Access tokens live 15 minutes; the client renews them through the refresh cookie when older than 5. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'farmstall';

/** `sid`: the session the token belongs to (absent from tokens issued before sessions were recorded). */
export type AccessClaims = { sub: string; email: string; role: Role; ver: number; sid?: string };

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role, ver: claims.ver, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** The token's claims, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { sub: payload.sub, email: String(payload.email), role: payload.role as Role, ver: payload.ver, sid };
  } catch {
    return null;
  }
}
