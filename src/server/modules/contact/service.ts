import type { ContactMessageInput } from '#contract/contact.ts';
import type { Tx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function saveContactMessage(db: Tx, input: ContactMessageInput) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      subject: input.subject,
      message: input.reviewText,
    })
    .returning({ id: contactMessages.id });
  return row;
}
