import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories } from './tables.ts';

export async function listCategories(db: Tx) {
  return db
    .select({ id: categories.id, value: categories.value, label: categories.label, unit: categories.unit })
    .from(categories)
    .orderBy(asc(categories.id));
}
