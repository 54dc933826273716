import { createHash, randomBytes } from 'node:crypto';

/**
 * The single-use tokens of e-mailed links (a new password, an e-mail address): 256 random bits, of which only the
 * SHA-256 is stored, so a copy of the database opens no link.
 */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new link token and the hash to store for it. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}
