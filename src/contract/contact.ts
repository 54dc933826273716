import { z } from 'zod';
import { paginated } from './pagination.ts';
import { emailField, phoneField, requiredText } from './validation.ts';

export const contactMessageInput = z.object({
  name: requiredText(100, 'Name is too long'),
  email: emailField,
  phone: phoneField,
  subject: requiredText(150, 'Subject is too long'),
  reviewText: requiredText(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** Farmstall's public contact details, set by the server's CONTACT_* settings. */
export const contactDetails = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetails>;

export const contactMessageCreated = z.object({ insertedId: z.string(), message: z.string() });

/** A message as the admin reads it on adminHome. */
export const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export const contactMessagePage = paginated(contactMessage);
export type ContactMessagePage = z.infer<typeof contactMessagePage>;
