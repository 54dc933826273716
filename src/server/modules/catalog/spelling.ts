import { sql } from 'drizzle-orm';
import type { CatalogChanges } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { SpellingIndex } from './spelling-index.ts';

/** Each word's spelling for the search statement (see `spelledQuery`): itself, its correction, or null (unknown). */
export type Spell = (words: string[]) => (string | null)[];

/** Without an index, no word is known: PostgreSQL spells every word against search_terms. */
export const spellInSql: Spell = (words) => words.map(() => null);

/**
 * The search dictionary (search_terms) in memory, for spelling corrections in microseconds: loaded whole at start,
 * then told each new term by the catalog's change feed (every process hears every other's), and loaded whole
 * again after the feed reconnects, since terms added meanwhile were not announced to it.
 */
export async function liveSpelling(db: Tx, changes: CatalogChanges): Promise<{ spell: Spell; size: () => number }> {
  let index = new SpellingIndex();
  // Terms announced while a load runs: its snapshot may have been taken before they were committed.
  let announcedDuringLoad: string[] | undefined;
  const load = async () => {
    announcedDuringLoad = [];
    try {
      const loaded = new SpellingIndex();
      const { rows } = await db.execute<{ term: string }>(sql`SELECT term FROM search_terms`);
      for (const { term } of rows) loaded.add(term);
      for (const term of announcedDuringLoad) loaded.add(term);
      index = loaded;
    } finally {
      announcedDuringLoad = undefined;
    }
  };
  await load();
  changes.subscribeTerms((term) => {
    if (term === undefined) {
      load().catch(() => undefined); // meanwhile, and if it fails, words it does not know are spelled by PostgreSQL
    } else {
      index.add(term);
      announcedDuringLoad?.push(term);
    }
  });
  return { spell: (words) => words.map((word) => index.correct(word)), size: () => index.size };
}
