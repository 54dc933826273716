import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageCreated, contactMessageInput, contactMessagePage } from '#contract/contact.ts';
import { pageQuery } from '#contract/pagination.ts';
import { listContactMessages, saveContactMessage } from './service.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/contact',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['contact'],
        summary: 'Messages sent to the team, newest first (admin)',
        querystring: pageQuery,
        response: { 200: contactMessagePage },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Farmstall team',
        body: contactMessageInput,
        response: { 201: contactMessageCreated },
      },
    },
    async (request, reply) => {
      const saved = await saveContactMessage(app.db, request.body);
      return reply.status(201).send({
        insertedId: saved.id,
        message: 'Thank you! Your message has been sent. We will answer within one working day.',
      });
    },
  );
}
