import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export type Secrets = { jwtSecret: string };

/** JWT_SECRET when set (several servers share it), else secrets generated on first start and kept in DATA_DIR/secrets.json (readable by the owner only). */
export async function loadSecrets(dataDir: string, jwtSecret?: string): Promise<Secrets> {
  if (jwtSecret) return { jwtSecret };
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Secrets>;
    if (stored.jwtSecret) return { jwtSecret: stored.jwtSecret };
  }
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
