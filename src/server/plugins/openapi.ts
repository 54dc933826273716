import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#contract/errors.ts';
import { errorStatuses } from '../route-table.ts';

const errorJsonSchema = z.toJSONSchema(errorResponse, { target: 'openapi-3.0' });

/** Adds the error responses of a route-table route (declared, and implied by its input and access). */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const def = input.route.config?.route;
  if (!def) return output;
  const schema: Record<string, unknown> = { ...output.schema };
  if (def.fileField) {
    schema.body = {
      type: 'object',
      properties: { [def.fileField]: { type: 'string', format: 'binary' } },
      required: [def.fileField],
    };
  }
  const response = { ...(output.schema.response as Record<string, unknown> | undefined) };
  for (const status of errorStatuses(def)) {
    response[status] = { description: `Error (${status})`, ...errorJsonSchema };
  }
  return { ...output, schema: { ...schema, response } };
};

/** The OpenAPI document, built from the zod schemas of the routes, with an interactive reference at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Farmstall API',
          description:
            'The API of Farmstall, a grocery store for local food. Errors have the shape {"error": {"code", "message", "fields"}}.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI styles some elements inline; its scripts stay 'self' only.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'openapi' },
);
