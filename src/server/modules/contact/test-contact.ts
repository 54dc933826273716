import type { TestContext } from '../../test/app.ts';

/** A message the contact form accepts (the e-mail in mixed case, as people type it). */
export const contactMessage = {
  name: 'Ada Shopper',
  email: 'Ada@Example.com',
  phone: '+1 555 010 2030',
  subject: 'Delivery times',
  reviewText: 'When do you deliver to Kent?',
};

/** Sends the contact form signed out (POST /api/contact). */
export const sendContact = (t: TestContext, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload });
