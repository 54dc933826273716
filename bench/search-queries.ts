import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';

/** One edit of `word` at a position past its first letter, the kind chosen by `n`: drop, swap, double or replace. */
function misspell(word: string, n: number): string {
  const at = 1 + (n % (word.length - 2));
  switch (n % 4) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
  }
}

/**
 * `count` distinct search texts built from the catalog's product names (without their number), lower case, each
 * with one edit in one word of five letters or more ("organic chedar cheese"): a bench cycling through them
 * measures searches no per-query cache can answer.
 */
export async function misspelledSearches(db: Db, count = 200): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT lower(regexp_replace(name, ' [0-9]+$', '')) AS name FROM products ORDER BY 1 LIMIT ${count * 4}`);
  const texts = new Set<string>();
  for (const [n, { name }] of (result.rows as { name: string }[]).entries()) {
    const words = name.split(' ');
    const long = words.map((word, i) => ({ word, i })).filter(({ word }) => word.length >= 5);
    if (long.length === 0) continue;
    const { word, i } = long[n % long.length];
    texts.add(words.map((w, j) => (j === i ? misspell(word, n) : w)).join(' '));
    if (texts.size === count) break;
  }
  return [...texts];
}
