import { contactDetails, contactMessageCreated, contactMessageInput, contactMessagePage } from '../contact.ts';
import { pageQuery } from '../pagination.ts';
import { route } from '../route-table.ts';

/** Farmstall's contact details and messages to the team: anyone sends one, admins read them. */
export const contactApi = {
  details: route({
    method: 'GET',
    path: '/contact/details',
    tag: 'contact',
    summary: "Farmstall's address, phone, e-mail and opening hours (the server's CONTACT_* settings)",
    access: { allow: 'public' },
    status: 200,
    response: contactDetails,
    errors: [],
  }),
  list: route({
    method: 'GET',
    path: '/contact',
    tag: 'contact',
    summary: 'Messages sent to the team, newest first (admin)',
    access: { allow: ['admin'] },
    query: pageQuery,
    status: 200,
    response: contactMessagePage,
    errors: [],
  }),
  send: route({
    method: 'POST',
    path: '/contact',
    tag: 'contact',
    summary: 'Send a message to the Farmstall team',
    access: { allow: 'public' },
    body: contactMessageInput,
    status: 201,
    response: contactMessageCreated,
    errors: [],
  }),
};
