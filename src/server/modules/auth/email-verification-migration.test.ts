import { describe, expect, it } from 'vitest';
import { setupDatabaseBefore } from '../../test/database-before.ts';

/** Migration 0051 (decision 048): the accounts that exist count as verified, new ones start unverified, no rewrite. */
const BEFORE = '0051_email_verification';
const db = setupDatabaseBefore(BEFORE);

describe('migration 0051', () => {
  it('verifies the accounts that exist without rewriting users; accounts made afterwards start unverified', async () => {
    await db.client.query(`INSERT INTO users (name, email) VALUES ('Old Timer', 'old-timer@example.com')`);
    const fileBefore = (await db.client.query(`SELECT pg_relation_filenode('users') AS node`)).rows[0].node;

    await db.migrateUntil();

    // The same file on disk: the table was not rewritten.
    expect((await db.client.query(`SELECT pg_relation_filenode('users') AS node`)).rows[0].node).toBe(fileBefore);
    const old = await db.client.query(`SELECT email_verified_at FROM users WHERE email = 'old-timer@example.com'`);
    expect(old.rows[0].email_verified_at).toBeInstanceOf(Date);
    await db.client.query(`INSERT INTO users (name, email) VALUES ('New Comer', 'new-comer@example.com')`);
    const fresh = await db.client.query(`SELECT email_verified_at FROM users WHERE email = 'new-comer@example.com'`);
    expect(fresh.rows[0].email_verified_at).toBeNull();
  });
});
