import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageCreated, contactMessageInput } from '#contract/contact.ts';
import { saveContactMessage } from './service.ts';

export async function contactRoutes(app: FastifyInstance) {
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
