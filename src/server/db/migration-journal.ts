import fs from 'node:fs/promises';
import path from 'node:path';

type Entry = { idx: number; when: number; tag: string };

/**
 * Refuses a migrations folder whose journal drizzle would misread: drizzle runs only the journal's entries, and skips
 * any whose `when` is not after the last one applied, so a SQL file missing from the journal (a bad merge) or an
 * entry out of order would be skipped without a word.
 */
export async function checkMigrationJournal(dir: string): Promise<void> {
  const journal: { entries: Entry[] } = JSON.parse(await fs.readFile(path.join(dir, 'meta', '_journal.json'), 'utf8'));
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).map((name) => name.slice(0, -4));
  const tags = new Set(journal.entries.map((entry) => entry.tag));
  const unlisted = files.filter((file) => !tags.has(file));
  if (unlisted.length > 0) throw new Error(`Migrations missing from meta/_journal.json: ${unlisted.join(', ')}`);
  const missing = [...tags].filter((tag) => !files.includes(tag));
  if (missing.length > 0)
    throw new Error(`meta/_journal.json lists migrations with no SQL file: ${missing.join(', ')}`);
  journal.entries.forEach((entry, index) => {
    const before = journal.entries[index - 1];
    if (before && (entry.idx <= before.idx || entry.when <= before.when)) {
      throw new Error(`meta/_journal.json: ${entry.tag} must come after ${before.tag} in idx and when`);
    }
  });
}
