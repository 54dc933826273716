import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`'s proof that the migrations folder is current (docs/migrations.md, decision 041): `drizzle-kit generate`
 * on the repository's own config, run against a copy of src/server/db/migrations in a temporary folder so that
 * nothing in the tree is written, must answer "No schema changes". Anything else means a tables.ts file changed
 * without its migration (or the newest snapshot does not describe the tables), and the step fails saying what
 * drizzle-kit would write.
 *
 * `--snapshot` writes the snapshot of a migration written by hand, when it is the newest in the journal and has none:
 * drizzle-kit's picture of the tables.ts files as they are now (how meta/0044_snapshot.json was made).
 */
const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'src/server/db/migrations');
const meta = path.join(migrations, 'meta');

/** Runs `drizzle-kit generate` with the repository's config, writing into `out` (a folder outside the tree). */
function generate(work: string, out: string): SpawnSyncReturns<string> {
  const config = path.join(work, 'drizzle.config.ts');
  // drizzle-kit reads `out` relative to the working folder (it prefixes "./"), so it is named relative to root.
  fs.writeFileSync(
    config,
    `import config from ${JSON.stringify(path.join(root, 'drizzle.config.ts'))};\n` +
      `export default { ...config, out: ${JSON.stringify(path.relative(root, out))} };\n`,
  );
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    },
  );
}

/** The journal's newest entry and the name its snapshot has (or would have). */
function newest(): { tag: string; snapshot: string } {
  const journal: { entries: { tag: string }[] } = JSON.parse(fs.readFileSync(path.join(meta, '_journal.json'), 'utf8'));
  const tag = journal.entries.at(-1)?.tag ?? '';
  return { tag, snapshot: `${tag.split('_')[0]}_snapshot.json` };
}

function writeSnapshot(work: string): void {
  const { tag, snapshot } = newest();
  if (fs.existsSync(path.join(meta, snapshot))) {
    throw new Error(`${tag} has its snapshot already (meta/${snapshot}); generate the next change instead.`);
  }
  const fresh = path.join(work, 'fresh');
  const run = generate(work, fresh);
  const made = path.join(fresh, 'meta/0000_snapshot.json');
  if (!fs.existsSync(made)) throw new Error(`drizzle-kit wrote no snapshot:\n${run.stdout}${run.stderr}`);
  const previous = fs
    .readdirSync(meta)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  const { id: _id, prevId: _prevId, ...rest } = JSON.parse(fs.readFileSync(made, 'utf8'));
  const prevId = previous ? JSON.parse(fs.readFileSync(path.join(meta, previous), 'utf8')).id : undefined;
  const written = { id: randomUUID(), prevId: prevId ?? '00000000-0000-0000-0000-000000000000', ...rest };
  fs.writeFileSync(path.join(meta, snapshot), JSON.stringify(written, null, 2));
  console.log(`Wrote meta/${snapshot} for ${tag} from the tables.ts files (after ${previous ?? 'none'}).`);
}

function check(work: string): boolean {
  const copy = path.join(work, 'migrations');
  fs.cpSync(migrations, copy, { recursive: true });
  const started = Date.now();
  const run = generate(work, copy);
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const written = fs.readdirSync(copy).filter((name) => !fs.existsSync(path.join(migrations, name)));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  if (run.status === 0 && written.length === 0 && output.includes('No schema changes')) {
    console.log(`drizzle-kit generate: no schema changes; the migrations match the tables.ts files (${seconds} s)`);
    return true;
  }
  console.error('drizzle-kit generate would write a migration: the tables.ts files and the migrations disagree.');
  for (const name of written.filter((file) => file.endsWith('.sql'))) {
    const sql = fs.readFileSync(path.join(copy, name), 'utf8').split('\n');
    console.error(`\nIt would write ${name} (${sql.length} lines):\n${sql.slice(0, 40).join('\n')}`);
    if (sql.length > 40) console.error(`… ${sql.length - 40} more lines`);
  }
  if (/TTY|prompt/i.test(output)) {
    console.error(
      '\ndrizzle-kit stopped to ask whether a table or column was renamed or is new (it cannot ask here): run ' +
        '`npm run db:generate` in a terminal and answer it.',
    );
  }
  if (written.length === 0) console.error(`\ndrizzle-kit said (exit ${run.status ?? run.signal}):\n${output.trim()}`);
  const { tag, snapshot } = newest();
  if (!fs.existsSync(path.join(meta, snapshot))) {
    console.error(
      `\nThe newest migration, ${tag}, has no meta/${snapshot}: it was written by hand. If its SQL makes exactly ` +
        'the change above, `node scripts/check-migrations.ts --snapshot` writes its snapshot from the tables.ts files; ' +
        'otherwise finish the SQL first (docs/migrations.md).',
    );
  } else {
    console.error(
      '\nRun `npm run db:generate -- --name what-changed` and commit the .sql file, its meta/NNNN_snapshot.json and ' +
        'meta/_journal.json (docs/migrations.md).',
    );
  }
  return false;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'farmstall-migrations-'));
try {
  if (process.argv.includes('--snapshot')) writeSnapshot(work);
  if (!check(work)) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
