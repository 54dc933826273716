import { count } from 'drizzle-orm';
import type { ContactMessageInput, ContactMessagePage } from '#contract/contact.ts';
import { type PageQuery, pageOf } from '#contract/pagination.ts';
import type { Tx } from '../../db/client.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { contactMessages } from './tables.ts';

export async function saveContactMessage(db: Tx, input: ContactMessageInput) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.reviewText,
    })
    .returning({ id: contactMessages.id });
  return row;
}

/** Messages for the admin, newest first. */
export async function listContactMessages(db: Tx, query: PageQuery): Promise<ContactMessagePage> {
  const [{ total }] = await db.select({ total: count() }).from(contactMessages);
  const rows = await newestFirstPage(db.select().from(contactMessages).$dynamic(), contactMessages, query);
  const items = rows.map(({ id, createdAt, ...rest }) => ({ _id: id, ...rest, createdAt: createdAt.toISOString() }));
  return pageOf(items, total, query);
}
