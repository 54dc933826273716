import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';
import { checkMigrationJournal } from './migration-journal.ts';

const entry = (idx: number, tag: string) => ({
  idx,
  version: '7',
  when: 1_795_400_000_000 + idx,
  tag,
  breakpoints: true,
});

/** The folders this file's tests made, removed after them. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function folder(files: string[], entries: object[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-journal-'));
  folders.push(dir);
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ version: '7', entries }));
  for (const file of files) await fs.writeFile(path.join(dir, file), 'SELECT 1;');
  return dir;
}

describe('the migrations journal', () => {
  it('lists every migration of the project, in order', async () => {
    await expect(checkMigrationJournal(MIGRATIONS_DIR)).resolves.toBeUndefined();
  });

  it('refuses a SQL file the journal lost (drizzle would skip it)', async () => {
    const dir = await folder(['0000_a.sql', '0001_b.sql'], [entry(0, '0000_a')]);
    await expect(checkMigrationJournal(dir)).rejects.toThrow('Migrations missing from meta/_journal.json: 0001_b');
  });

  it('refuses an entry with no file, and entries out of order', async () => {
    const files = ['0000_a.sql', '0001_b.sql'];
    await expect(
      checkMigrationJournal(await folder(['0000_a.sql'], [entry(0, '0000_a'), entry(1, '0001_c')])),
    ).rejects.toThrow('no SQL file: 0001_c');
    await expect(checkMigrationJournal(await folder(files, [entry(1, '0001_b'), entry(0, '0000_a')]))).rejects.toThrow(
      '0000_a must come after 0001_b',
    );
  });
});
