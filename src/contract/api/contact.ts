import { contactMessageCreated, contactMessageInput, contactMessagePage } from '../contact.ts';
import { pageQuery } from '../pagination.ts';
import { route } from '../route-table.ts';

/** Messages to the Farmstall team: anyone sends one, admins read them. */
export const contactApi = {
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
