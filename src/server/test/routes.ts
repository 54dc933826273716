/** A JSON Schema as the OpenAPI document gives it (from the routes' zod schemas). */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  required?: string[];
};

/** One API route with the schemas of what a client sends: path parameters, query fields and JSON body. */
export type ApiRoute = {
  method: string;
  /** Fastify's url, with :params. */
  path: string;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
};

type Operation = {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Every /api route of the OpenAPI document, with its input schemas ($refs resolved). */
export function listApiRoutes(app: { swagger: () => unknown }): ApiRoute[] {
  const doc = app.swagger() as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? resolve(components[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  const routes: ApiRoute[] = [];
  for (const [openapiPath, operations] of Object.entries(doc.paths ?? {})) {
    if (!openapiPath.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const of = (where: string) =>
        Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, resolve(p.schema) ?? {}]));
      routes.push({
        method: method.toUpperCase(),
        path: openapiPath.replace(/\{([^}]+)\}/g, ':$1'),
        params: of('path'),
        query: of('query'),
        body: resolve(operation.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return routes;
}

/** The dotted names of the string fields of a body schema (nested objects included). */
export function textFields(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const variants = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const fromVariants = variants.flatMap((variant) => textFields(variant, prefix));
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const nested = textFields({ ...property, type: undefined }, `${field}.`);
    return acceptsString(property) ? [field, ...nested] : nested;
  });
  return [...new Set([...fromVariants, ...own])];
}

function acceptsString(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(acceptsString);
}

/** A harmless value a path or query schema accepts: its first enum value, a UUID, an e-mail, or a word. */
export function plainString(schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.const !== undefined) return String(schema.const);
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return 'someone@example.com';
  const variant = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])][0];
  return variant ? plainString(variant) : 'x';
}

/** The route's url with its :params filled in (encoded) and an optional query string. */
export function routeUrl(route: ApiRoute, params: Record<string, string>, query: Record<string, string> = {}): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
