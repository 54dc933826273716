import { count } from 'drizzle-orm';
import type { Storage } from '../../modules/uploads/storage.ts';
import type { Db } from '../client.ts';
import { products, users } from '../schema.ts';

export type DemoAccount = { roll: 'admin' | 'vendor' | 'customer'; email: string; password: string };

/** SEED_DEMO unset: seed an empty database (first start). true: seed unless already seeded. false: never. */
export async function shouldSeedDemo(db: Db, seedDemo: boolean | undefined): Promise<boolean> {
  if (seedDemo === false) return false;
  const [{ n: productCount }] = await db.select({ n: count() }).from(products);
  if (productCount > 0) return false;
  if (seedDemo === true) return true;
  const [{ n: userCount }] = await db.select({ n: count() }).from(users);
  return userCount === 0;
}

export async function seedDemoCatalog(_db: Db, _storage: Storage): Promise<{ accounts: DemoAccount[] }> {
  return { accounts: [] };
}
