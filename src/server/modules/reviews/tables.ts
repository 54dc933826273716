import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REVIEW_STATUSES } from '#contract/moderation.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { products } from '../catalog/tables.ts';
import { users } from '../users/tables.ts';

export const reviewStatusEnum = pgEnum('review_status', REVIEW_STATUSES);

/** Product reviews ("comments" in the spec). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    productId: reference('product_id', () => products.id, 'cascade'),
    userId: reference('user_id', () => users.id, 'restrict'),
    commentDes: text('comment_des').notNull(),
    rating: smallint('rating').notNull(),
    status: reviewStatusEnum('status').notNull().default('visible'),
    reportedAt: timestamptz('reported_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_product_idx').on(t.productId, t.createdAt.desc()),
    index('comments_status_idx').on(t.status, t.reportedAt),
    uniqueIndex('comments_product_user_key').on(t.productId, t.userId),
    check('comments_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
