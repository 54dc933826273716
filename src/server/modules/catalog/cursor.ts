import { z } from 'zod';
import type { ProductSort } from '#contract/products.ts';
import { badRequest } from '../../errors.ts';

/**
 * An opaque keyset cursor: the sort it belongs to, the sort key of the last row shown and that row's id.
 * base64url(JSON) so clients cannot depend on its inside; decoding checks every part.
 */
export type Cursor = { sort: ProductSort; value: string | number; id: string };

const cursorShape = z.object({
  s: z.enum(['popular', 'newest', 'price-asc', 'price-desc', 'relevance']),
  v: z.union([z.string().max(64), z.number().finite()]),
  i: z.uuid(),
});

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
  if (parsed.s !== sort) throw badRequest(INVALID, { cursor: INVALID });
  const numeric = sort === 'relevance' || sort === 'popular' || sort.startsWith('price');
  if (numeric !== (typeof parsed.v === 'number')) throw badRequest(INVALID, { cursor: INVALID });
  if (sort === 'newest' && Number.isNaN(Date.parse(String(parsed.v)))) throw badRequest(INVALID, { cursor: INVALID });
  return { sort: parsed.s, value: parsed.v, id: parsed.i };
}
