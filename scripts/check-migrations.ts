import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`'s proof that the migrations folder is current (docs/migrations.md, decision 041): `drizzle-kit generate`
 * on the repository's own config, run against a copy of src/server/db/migrations in a temporary folder so that
 * nothing in the tree is written, must answer "No schema changes". Anything else means a tables.ts file changed
 * without its migration (or the newest snapshot does not describe the tables), and the step fails saying what
 * drizzle-kit would write.
 */
const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'src/server/db/migrations');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'farmstall-migrations-'));
const copy = path.join(work, 'migrations');

try {
  fs.cpSync(migrations, copy, { recursive: true });
  const config = path.join(work, 'drizzle.config.ts');
  // drizzle-kit reads `out` relative to the working folder (it prefixes "./"), so the copy is named relative to root.
  fs.writeFileSync(
    config,
    `import config from ${JSON.stringify(path.join(root, 'drizzle.config.ts'))};\n` +
      `export default { ...config, out: ${JSON.stringify(path.relative(root, copy))} };\n`,
  );
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const written = fs.readdirSync(copy).filter((name) => !fs.existsSync(path.join(migrations, name)));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  if (run.status === 0 && written.length === 0 && output.includes('No schema changes')) {
    console.log(`drizzle-kit generate: no schema changes; the migrations match the tables.ts files (${seconds} s)`);
  } else {
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
    console.error(
      '\nRun `npm run db:generate -- --name what-changed` and commit the .sql file, its meta/NNNN_snapshot.json and ' +
        'meta/_journal.json (docs/migrations.md).',
    );
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
