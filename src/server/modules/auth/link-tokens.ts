import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

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

/**
 * Takes the account's link lock for the rest of the transaction: two requests at once (a double click, a retried
 * request) then void and replace the links one after the other, so only the newest link stays usable.
 */
export async function lockLinksOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:email-links:' || ${userId}))`);
}
