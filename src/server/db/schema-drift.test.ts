import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * The newest drizzle snapshot (what `db:generate` diffs against) describes the database the migrations build:
 * `drizzle-kit pull` reads a freshly migrated database back, and each table, column, index, foreign key, primary
 * key, check, enum and sequence is compared with the snapshot. The differences below are the known ones of
 * docs/migrations.md ("What drizzle does not see", "Names that differ"); anything else means a hand-written
 * migration and a tables.ts file disagree.
 */
const ROOT = path.join(import.meta.dirname, '../../..');

/** Made only by hand-written SQL, declared in no tables.ts (docs/migrations.md). */
const ONLY_IN_DATABASE = [
  'table search_terms',
  'column products.search_vector',
  'index shops.shops_name_trgm_idx',
  'index users.users_email_trgm_idx',
  'index users.users_name_trgm_idx',
  'index products.products_search_idx',
  'check product_facet_counts.product_facet_counts_scope_check',
];

type Column = { type: string; notNull: boolean; default?: unknown };
type Index = { columns: { expression: string }[]; isUnique: boolean; where?: string; method: string };
type ForeignKey = { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string; onUpdate?: string };
type Table = {
  columns: Record<string, Column>;
  indexes: Record<string, Index>;
  foreignKeys: Record<string, ForeignKey>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  checkConstraints: Record<string, unknown>;
};
type Snapshot = {
  tables: Record<string, Table>;
  enums: Record<string, { values: string[] }>;
  sequences: Record<string, unknown>;
};

/**
 * The same SQL as drizzle writes it and as PostgreSQL gives it back: quoted or not, table-qualified or not, with
 * or without casts of its literals, `IN (…)` or `= ANY (ARRAY[…])`.
 */
const bare = (expression: string) =>
  expression
    .replace(/"[a-z_]+"\./g, '')
    .replace(/::[a-z_]+/g, '')
    .replace(/["\s()]/g, '')
    .replace(/=ANYARRAY\[(.*?)\]/g, 'IN$1');
const tableName = (key: string) => key.replace(/^public\./, '');

/** What pull reads differently from what the migrations wrote, for the same schema. */
function asPulled(column: Column): string {
  // A bigint numbered by its own sequence reads back as bigserial (0044's order and invoice numbers).
  const numbered = typeof column.default === 'string' && /^nextval\(/.test(column.default) && column.type === 'bigint';
  if (numbered || column.type === 'bigserial') return `bigserial not null=${column.notNull}`;
  // pull reads an empty array default '{}' as '{""}'.
  const fallback = column.default === `'{""}'` ? `'{}'` : column.default;
  return `${column.type} not null=${column.notNull} default=${fallback ?? ''}`;
}

function differences(database: Snapshot, drizzle: Snapshot): string[] {
  const found: string[] = [];
  const names = (...records: Record<string, unknown>[]) => [...new Set(records.flatMap((r) => Object.keys(r ?? {})))];
  for (const key of names(database.tables, drizzle.tables)) {
    const name = tableName(key);
    const [db, dz] = [database.tables[key], drizzle.tables[key]];
    if (!db || !dz) {
      found.push(db ? `table ${name}` : `table ${name} missing from the database`);
      continue;
    }
    for (const column of names(db.columns, dz.columns)) {
      const [a, b] = [db.columns[column], dz.columns[column]];
      if (!a || !b) found.push(a ? `column ${name}.${column}` : `column ${name}.${column} missing from the database`);
      else if (asPulled(a) !== asPulled(b)) found.push(`column ${name}.${column}: ${asPulled(a)} vs ${asPulled(b)}`);
    }
    for (const index of names(db.indexes, dz.indexes)) {
      const [a, b] = [db.indexes[index], dz.indexes[index]];
      if (!a || !b) {
        found.push(a ? `index ${name}.${index}` : `index ${name}.${index} missing from the database`);
        continue;
      }
      // pull lists an index's INCLUDE columns after its keys; drizzle cannot declare INCLUDE.
      const keys = b.columns.map((c) => bare(c.expression));
      const read = a.columns.map((c) => bare(c.expression)).slice(0, keys.length);
      const same =
        JSON.stringify(read) === JSON.stringify(keys) &&
        a.isUnique === b.isUnique &&
        a.method === b.method &&
        bare(a.where ?? '') === bare(b.where ?? '');
      if (!same) found.push(`index ${name}.${index}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    // Foreign keys and primary keys by what they hold: the names of those made by hand differ (docs/migrations.md).
    const keyOf = (fk: ForeignKey) =>
      `${fk.columnsFrom.join(',')} -> ${fk.tableTo}(${fk.columnsTo.join(',')}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`;
    const fks = (t: Table) =>
      Object.values(t.foreignKeys ?? {})
        .map(keyOf)
        .sort();
    if (JSON.stringify(fks(db)) !== JSON.stringify(fks(dz))) {
      found.push(`foreign keys of ${name}: ${fks(db).join('; ')} vs ${fks(dz).join('; ')}`);
    }
    const pks = (t: Table) => Object.values(t.compositePrimaryKeys ?? {}).map((pk) => pk.columns.join(','));
    if (JSON.stringify(pks(db)) !== JSON.stringify(pks(dz))) found.push(`primary key of ${name}`);
    for (const check of names(db.checkConstraints, dz.checkConstraints)) {
      if (!dz.checkConstraints?.[check]) found.push(`check ${name}.${check}`);
      else if (!db.checkConstraints?.[check]) found.push(`check ${name}.${check} missing from the database`);
    }
  }
  for (const key of names(database.enums, drizzle.enums)) {
    const [a, b] = [database.enums[key]?.values, drizzle.enums[key]?.values];
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`enum ${key}: ${a} vs ${b}`);
  }
  // pull reads a sequence owned by a column as part of that column (bigserial), so only the snapshot lists it: it
  // must be the default of a column that the database has as a serial.
  for (const key of Object.keys(drizzle.sequences ?? {})) {
    const name = tableName(key);
    const owners = Object.entries(drizzle.tables).flatMap(([table, t]) =>
      Object.entries(t.columns)
        .filter(([, column]) => String(column.default ?? '').includes(`'${name}'`))
        .map(([column]) => database.tables[table]?.columns[column]?.type),
    );
    if (owners.length === 0 || !owners.every((type) => type?.endsWith('serial'))) {
      found.push(`sequence ${name}: owned by ${owners.join(', ') || 'no column'}`);
    }
  }
  return found.sort();
}

describe('the drizzle snapshot and the migrated database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let out: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'farmstall-pull-'));
  });
  afterAll(async () => {
    fs.rmSync(out, { recursive: true, force: true });
    await database.drop();
  });

  it('describe the same schema, but for what only hand-written SQL makes', () => {
    const bin = path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs');
    // drizzle-kit reads `out` relative to the working folder.
    const args = [bin, 'pull', '--dialect', 'postgresql', '--url', database.url, '--out', path.relative(ROOT, out)];
    const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const pulled = path.join(out, 'meta/0000_snapshot.json');
    expect(fs.existsSync(pulled), `drizzle-kit pull wrote no snapshot:\n${run.stdout}${run.stderr}`).toBe(true);
    const newest = fs
      .readdirSync(path.join(MIGRATIONS_DIR, 'meta'))
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    const snapshot = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', newest ?? ''), 'utf8'));

    const found = differences(JSON.parse(fs.readFileSync(pulled, 'utf8')), snapshot);
    expect(found).toEqual([...ONLY_IN_DATABASE].sort());
  });
});
