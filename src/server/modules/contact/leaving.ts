import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactMessages } from './tables.ts';

const fromAddress = (email: string) => eq(sql`lower(${contactMessages.email})`, email.toLowerCase());

/** The messages sent from the contact form with this e-mail, for the export. */
export function contactMessagesForExport(db: Tx, email: string) {
  return db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(fromAddress(email))
    .orderBy(desc(contactMessages.createdAt));
}

/** An account leaving: the contact form's messages sent with its e-mail are deleted (they name, mail and call it). */
export async function eraseContactMessages(tx: Tx, email: string): Promise<void> {
  await tx.delete(contactMessages).where(fromAddress(email));
}
