import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoice, invoiceParams } from '#contract/orders.ts';
import { getInvoice } from './invoice.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

export async function invoiceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/invoice/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The invoice of a payment (its buyer or an admin)',
        params: invoiceParams,
        response: { 200: invoice },
      },
    },
    async (request) => getInvoice(app.db, request.params.id, request.user!),
  );

  api.get(
    '/invoice/:id/pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The invoice as a PDF file',
        params: invoiceParams,
      },
    },
    async (request, reply) => {
      const data = await getInvoice(app.db, request.params.id, request.user!);
      const pdf = await renderInvoicePdf(data);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="farmstall-invoice-${data.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
