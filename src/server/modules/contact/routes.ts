import type { FastifyInstance } from 'fastify';
import { contactApi } from '#contract/api/contact.ts';
import { handle } from '../../route-table.ts';
import { inserted } from '../../spec-answers.ts';
import { listContactMessages, saveContactMessage } from './service.ts';

export async function contactRoutes(app: FastifyInstance) {
  handle(app, contactApi.details, async () => app.config.contact);

  handle(app, contactApi.list, async ({ query }) => listContactMessages(app.db, query));

  handle(app, contactApi.send, async ({ body }) => {
    const saved = await saveContactMessage(app.db, body);
    return {
      ...inserted(saved.id),
      message: 'Thank you! Your message has been sent. We will answer within one working day.',
    };
  });
}
