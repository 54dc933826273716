import path from 'node:path';
import { checkMigrationLocks, GUARDED_TABLES, LOCK_CHECK_FROM } from '../src/server/db/migration-locks.ts';

/**
 * `npm test`'s check of new migrations' locks (issue 34, item 6; decision 056; docs/migrations.md): a statement of a
 * migration from 0057 on that takes ACCESS EXCLUSIVE (or SHARE, which stops writes) on products, orders, order_lines
 * or users fails the step unless a `-- lock: <why>` comment on it says why that is fine. `--from N` checks from
 * migration N instead (`--from 0` shows what the rule says of the older ones).
 */
const at = process.argv.indexOf('--from');
const from = at === -1 ? LOCK_CHECK_FROM : Number(process.argv[at + 1]);
const dir = path.resolve(import.meta.dirname, '../src/server/db/migrations');
const { checked, findings } = await checkMigrationLocks(dir, from);
for (const finding of findings) {
  console.error(`${finding.tag}:${finding.line}: ${finding.statement}\n  ${finding.problem}`);
}
if (findings.length > 0) {
  console.error(
    `\n${findings.length} statement(s) lock ${GUARDED_TABLES.join(', ')} without saying why. Build indexes CONCURRENTLY ` +
      'in a `-- migrate: no-transaction` migration, split the change (expand, backfill, contract: docs/deploy.md), ' +
      'or add `-- lock: <why it is brief or needed>` just above the statement (docs/migrations.md).',
  );
  process.exit(1);
}
console.log(
  `Migration locks: ${checked.length} migration(s) from ${String(from).padStart(4, '0')} on take no unexplained lock on ${GUARDED_TABLES.join(', ')}`,
);
