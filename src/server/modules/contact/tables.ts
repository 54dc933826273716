import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);
