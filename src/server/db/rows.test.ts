import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRows, timestampColumn } from './rows.ts';

const columns = z.object({
  price_cents: z.number(),
  label: z.string().nullable(),
  created_at: timestampColumn,
  ends_at: timestampColumn.nullable(),
  unit: z.enum(['kg', 'piece']),
  net_unit: z.enum(['kg', 'piece']).nullable(),
  distance_km: z.number().optional(),
  sizes: z.object({ count: z.number() }).nullable(),
});
/** Now as PostgreSQL prints a timestamptz as text ("YYYY-MM-DD hh:mm:ss.sss+00"), as Drizzle's db.execute gives it. */
const now = new Date();
const nowAsText = `${now.toISOString().replace('T', ' ').replace('Z', '')}+00`;

const good = {
  price_cents: 450,
  label: null,
  created_at: now,
  ends_at: null,
  unit: 'kg',
  net_unit: null,
  sizes: { count: 2 },
};

describe('readRows', () => {
  it('gives the rows it was given, checked, without copying them', () => {
    const rows = [good, { ...good, distance_km: 3.5, ends_at: new Date(), net_unit: 'piece', sizes: null }];
    const read = readRows(columns, rows);
    expect(read).toBe(rows);
    expect(read[1].ends_at).toBeInstanceOf(Date);
  });

  it.each([
    ['a number as text', { price_cents: '450' }, '/price_cents must be number'],
    ['a timestamp as text (pg gives a Date)', { created_at: nowAsText }, '/created_at'],
    ['a value outside the enum', { unit: 'bushel' }, '/unit must be equal to one of the allowed values'],
    ['a value outside a nullable enum', { net_unit: 'bushel' }, '/net_unit must be equal to one of the allowed values'],
    ['text in a nullable timestamp', { ends_at: nowAsText }, '/ends_at'],
    ['a wrong type for a nullable JSON column', { sizes: 2 }, '/sizes must be object,null'],
    ['a wrong type inside a JSON column', { sizes: { count: 'two' } }, '/sizes/count must be number'],
    ['a column missing (renamed)', { label: undefined }, "must have required property 'label'"],
    ['not a number', { price_cents: Number.NaN }, '/price_cents must be number'],
  ])('fails loudly on %s', (_, change, message) => {
    const row = Object.fromEntries(Object.entries({ ...good, ...change }).filter(([, value]) => value !== undefined));
    expect(() => readRows(columns, [good, row])).toThrow(message);
  });

  it('parses (a copy, transformed) a schema that remakes its values', () => {
    const doubled = z.object({ n: z.number().transform((n) => n * 2), at: timestampColumn });
    const rows = [{ n: 2, at: nowAsText }];
    const [read] = readRows(doubled, rows);
    expect(read).toEqual({ n: 4, at: now });
    expect(read).not.toBe(rows[0]);
  });
});
