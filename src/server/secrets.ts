import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { platformSecrets } from './db/platform-tables.ts';

export type Secrets = { jwtSecret: string };

/**
 * JWT_SECRET when set, else the signing key in the database (platform_secrets), which every server process on it
 * shares: made by the first to start, or adopted from DATA_DIR/secrets.json, where a Farmstall before it kept the
 * key (its sessions survive the upgrade). Once the database has a key, no file is read.
 */
export async function loadSecrets(db: Db, dataDir: string, jwtSecret?: string): Promise<Secrets> {
  if (jwtSecret) return { jwtSecret };
  const stored = await storedSecret(db, 'jwt');
  if (stored) return { jwtSecret: stored };
  const value = (await secretOnDisk(dataDir)) ?? randomBytes(48).toString('base64url');
  // Processes starting together: the first insert wins and every one reads the winner back.
  await db.insert(platformSecrets).values({ name: 'jwt', value }).onConflictDoNothing();
  return { jwtSecret: (await storedSecret(db, 'jwt')) ?? value };
}

async function storedSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name));
  return row?.value;
}

async function secretOnDisk(dataDir: string): Promise<string | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as { jwtSecret?: string }).jwtSecret : undefined;
}
