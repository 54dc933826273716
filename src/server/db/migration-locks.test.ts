import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';
import { checkMigrationLocks, checkMigrationSql, splitStatements } from './migration-locks.ts';

// The CI check of new migrations' locks (issue 34, item 6; decision 056), on small SQL samples.
const indexes = new Map([
  ['products_category_price_idx', 'products'],
  ['payment_intents_paid_idx', 'payment_intents'],
]);
const problems = (sql: string) => checkMigrationSql('0057_sample.sql', sql, indexes).map((finding) => finding.problem);
const flagged = (sql: string) => problems(sql).length > 0;

describe('the migration lock check', () => {
  it('splits statements at semicolons outside strings, names, comments and dollar-quoted bodies', () => {
    const statements = splitStatements(
      [
        '-- first\nINSERT INTO t VALUES (\'a;b\', "x;y");--> statement-breakpoint',
        'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql; /* c; */ SELECT 2; -- after 2',
      ].join('\n'),
    );
    expect(statements.map((s) => [s.code.slice(0, 12), s.comments, s.line])).toEqual([
      ['INSERT INTO ', ['first'], 2],
      // A comment after a statement's `;` on its line is that statement's.
      ['CREATE FUNCT', ['c;'], 3],
      ['SELECT 2', ['after 2'], 3],
    ]);
  });

  it('flags what takes ACCESS EXCLUSIVE on products, orders, order_lines or users', () => {
    for (const sql of [
      'ALTER TABLE "products" ADD COLUMN "note" text;',
      'ALTER TABLE ONLY public.orders ALTER COLUMN status SET NOT NULL;',
      'ALTER TABLE "users" RENAME COLUMN "roll" TO "role";',
      'ALTER TABLE "order_lines" ADD CONSTRAINT "c" CHECK (x > 0) NOT VALID;',
      'ALTER TABLE "products" VALIDATE CONSTRAINT "c", ADD COLUMN "x" int;',
      'DROP INDEX "products_category_price_idx";',
      'DROP INDEX IF EXISTS a_idx, products_category_price_idx;',
      'TRUNCATE orders, carts;',
      'LOCK TABLE products;',
      'LOCK products IN SHARE MODE;',
      'VACUUM FULL products;',
      'VACUUM (FULL, ANALYZE) users;',
      'CLUSTER products USING products_pkey;',
      'REINDEX TABLE users;',
      'REINDEX INDEX products_category_price_idx;',
      'DROP TABLE IF EXISTS order_lines;',
      'DROP TRIGGER IF EXISTS t ON products;',
      'CREATE TRIGGER t AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION f();',
      'DO $$ BEGIN ALTER TABLE users ADD COLUMN x int; END $$;',
    ]) {
      expect(flagged(sql), sql).toBe(true);
    }
    expect(problems('ALTER TABLE "products" ADD COLUMN "note" text;')).toEqual([
      'takes ACCESS EXCLUSIVE on products with no `-- lock: <why>` comment on the statement',
    ]);
  });

  it('flags CREATE INDEX without CONCURRENTLY on them (SHARE: writes wait), and a foreign key that reads every row', () => {
    expect(problems('CREATE INDEX "p_idx" ON "products" USING btree ("name");')).toEqual([
      'takes SHARE, while the index builds (use CREATE INDEX CONCURRENTLY in a no-transaction migration) on products with no `-- lock: <why>` comment on the statement',
    ]);
    expect(flagged('CREATE UNIQUE INDEX IF NOT EXISTS u ON users (lower(email));')).toBe(true);
    expect(flagged('ALTER TABLE orders ADD CONSTRAINT f FOREIGN KEY (a) REFERENCES b (id);')).toBe(true);
  });

  it('lets through other tables, lighter locks, and statements that say why', () => {
    for (const sql of [
      'ALTER TABLE "payment_intents" ADD COLUMN "x" text;',
      'CREATE INDEX "pi_idx" ON "payment_intents" ("x");',
      'DROP INDEX "payment_intents_paid_idx";',
      'ALTER TABLE products VALIDATE CONSTRAINT products_pack_whole;',
      'ALTER TABLE orders ADD CONSTRAINT f FOREIGN KEY (a) REFERENCES b (id) NOT VALID;',
      'ALTER TABLE products ALTER COLUMN name SET STATISTICS 500;',
      'ALTER TABLE products SET (autovacuum_vacuum_scale_factor = 0.05);',
      'LOCK TABLE products IN ACCESS SHARE MODE;',
      'VACUUM ANALYZE products;',
      "UPDATE products SET note = 'x' WHERE id IN (SELECT id FROM products LIMIT 1000);",
      'ALTER TABLE product_options ADD CONSTRAINT fk FOREIGN KEY (product_id) REFERENCES products (id);',
      'CREATE TABLE t (user_id uuid REFERENCES users (id));',
      "SELECT 'ALTER TABLE products ADD COLUMN x int';",
      '-- lock: a catalog-only ADD COLUMN (nullable, no default): milliseconds once it has the lock\nALTER TABLE products ADD COLUMN x text;',
      'ALTER TABLE products -- lock: a catalog-only ADD COLUMN, milliseconds\n  ADD COLUMN x text;',
    ]) {
      expect(problems(sql), sql).toEqual([]);
    }
    // The reason is the statement's own: one above another statement does not cover it, nor a bare `lock:`.
    expect(flagged('-- lock: a catalog-only change\nSELECT 1;\nALTER TABLE products ADD COLUMN x text;')).toBe(true);
    expect(flagged('-- lock:\nALTER TABLE products ADD COLUMN x text;')).toBe(true);
  });

  it('wants CONCURRENTLY in a no-transaction migration, one statement a part, safe to run again', () => {
    expect(problems('CREATE INDEX CONCURRENTLY IF NOT EXISTS p ON products (name);')).toEqual([
      'CONCURRENTLY cannot run in a transaction: start the file with `-- migrate: no-transaction`',
    ]);
    const good = [
      '-- migrate: no-transaction',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "p_new" ON "products" ("name");',
      '--> statement-breakpoint',
      'DROP INDEX CONCURRENTLY IF EXISTS "products_category_price_idx";',
      '--> statement-breakpoint',
      'ALTER INDEX "p_new" RENAME TO "products_name_idx";',
    ].join('\n');
    expect(problems(good)).toEqual([]);
    expect(
      problems('-- An index.\n-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS p ON t (x);'),
    ).toEqual([
      'the marker counts only as the first line',
      'CONCURRENTLY cannot run in a transaction: start the file with `-- migrate: no-transaction`',
    ]);
    expect(problems('-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY p ON products (name);')).toEqual([
      'a no-transaction migration may run again from its start: CREATE INDEX CONCURRENTLY IF NOT EXISTS',
    ]);
    expect(
      problems(
        '-- migrate: no-transaction\nDROP INDEX CONCURRENTLY IF EXISTS a;\nCREATE INDEX CONCURRENTLY IF NOT EXISTS b ON t (x);',
      ),
    ).toEqual(['a no-transaction migration has one statement between breakpoints (several run as one transaction)']);
  });

  it('passes the migrations from the cut-off on; from 0000 it finds the locks the review saw (0036, 0038), not 0056', async () => {
    expect((await checkMigrationLocks(MIGRATIONS_DIR)).findings).toEqual([]);
    const all = await checkMigrationLocks(MIGRATIONS_DIR, 0);
    const tags = new Set(all.findings.map((finding) => finding.tag));
    expect(tags).toContain('0036_tax.sql');
    expect(tags).toContain('0038_filtered_listing_indexes.sql');
    expect(tags).not.toContain('0056_recovery_not_starved.sql');
  });
});
