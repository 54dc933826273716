import { z } from 'zod';
import { PRODUCT_SORTS, type ProductSort } from '#contract/products.ts';
import { badRequest } from '../../errors.ts';

/**
 * An opaque keyset cursor: the sort it belongs to, the sort key of the last row shown and that row's id.
 * base64url(JSON) so clients cannot depend on its inside; decoding checks every part against the column it
 * will be compared with, so a forged cursor is a 400 and never reaches PostgreSQL as a value it refuses.
 */
export type Cursor = { sort: ProductSort; value: string | number; id: string };

/** price_cents and popularity are 32-bit integer columns. */
const int4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** created_at as PostgreSQL prints timestamptz: 2026-05-31 14:03:07.123456+00 (an offset may carry minutes). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](?:0\d|1[0-5])(?::[0-5]\d)?$/;
const timestamp = z.string().max(40, { abort: true }).refine(isRealTimestamp);

const VALUE_BY_SORT: Record<ProductSort, z.ZodType<string | number>> = {
  'price-asc': int4,
  'price-desc': int4,
  popular: int4,
  newest: timestamp,
  relevance: z.number().finite(),
  nearest: z.number().finite().min(0),
};

const cursorShape = z.object({
  s: z.enum(PRODUCT_SORTS),
  v: z.union([z.string(), z.number()]),
  i: z.uuid(),
});

/** The calendar and clock fields are in range (2026-02-30 and 24:00:00 are not), year 1000 to 9999. */
function isRealTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, v: cursor.value, i: cursor.id })).toString('base64url');
}

const INVALID = 'The cursor is not valid for this list. Start again from the first page.';

export function decodeCursor(text: string, sort: ProductSort): Cursor {
  let parsed: z.infer<typeof cursorShape>;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest(INVALID, { cursor: INVALID });
  }
  if (parsed.s !== sort || !VALUE_BY_SORT[sort].safeParse(parsed.v).success) {
    throw badRequest(INVALID, { cursor: INVALID });
  }
  return { sort: parsed.s, value: parsed.v, id: parsed.i };
}
