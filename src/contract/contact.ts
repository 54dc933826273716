import { z } from 'zod';
import { emailField, phoneField, requiredText } from './validation.ts';

export const contactMessageInput = z.object({
  name: requiredText(100, 'Name is too long'),
  email: emailField,
  phone: phoneField,
  subject: requiredText(150, 'Subject is too long'),
  reviewText: requiredText(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

export const contactMessageCreated = z.object({ insertedId: z.string(), message: z.string() });
