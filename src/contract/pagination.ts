import { z } from 'zod';

/** Query of every paginated dashboard table: 1-based page, at most 100 rows a page. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** One page of rows with what a pager needs. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; limit: number; pages: number };

/** The rows before the page: `.limit(query.limit).offset(pageOffset(query))`. */
export function pageOffset({ page, limit }: PageQuery): number {
  return (page - 1) * limit;
}

export function pageOf<T>(items: T[], total: number, { page, limit }: PageQuery): Page<T> {
  return { items, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}
