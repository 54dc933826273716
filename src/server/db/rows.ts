import { z } from 'zod';

/**
 * The rows of a raw SQL query, parsed by the schema of the columns it selects (never cast): a renamed column or
 * a changed type fails here, loudly, instead of flowing on as a wrong value. Query-builder queries need none.
 */
export function parseRows<T extends z.ZodType>(schema: T, rows: readonly unknown[]): z.output<T>[] {
  return rows.map((row) => schema.parse(row));
}

/**
 * A timestamptz column: pg gives a Date, Drizzle's db.execute its text ("2026-11-22 23:00:00.123+00", in the
 * session's time zone); either way the instant as a Date.
 */
export const timestampColumn = z.union([z.date(), z.string()]).transform((value) => new Date(value));
