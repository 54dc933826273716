import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ApiRoute, JsonSchema } from './routes.ts';

/** Known rows of the test world, so generated ids sometimes hit real ones and reach past the 404s. */
export type Pools = { ids: string[]; emails: string[] };

const INT4 = 2 ** 31;

/** Strings that have broken servers: control characters, odd unicode, injections, numbers in disguise. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007\u0008',
  '\u001b[31mred',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff\ud800',
  '🍓🥕',
  '\u202egnp.exe',
  'Ω≈ç√∫',
  'ﬀ',
  ' ',
  '',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '0000-00-00',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.005,
  INT4 - 1,
  INT4,
  -INT4 - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
];

/** A cursor is base64url(JSON): forged ones with every wrong type and out-of-range value. */
const forgedCursor = fc
  .record({
    s: fc.constantFrom('popular', 'newest', 'price-asc', 'price-desc', 'relevance', 'x'),
    v: fc.oneof(
      fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, '2026-05-31 12:00:00+00', '2026-02-31 12:00:00+00'),
      fc.double(),
      fc.string(),
    ),
    i: fc.oneof(fc.uuid(), fc.constantFrom('x', '', '00000000-0000-0000-0000-000000000000')),
  })
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 12_000 }).map((n) => 'x'.repeat(n)),
  forgedCursor,
  fc.base64String({ maxLength: 60 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false, [], {}, [1, 'a'], { value: -1, unit: 'kg' }),
  fc.double(),
);

/** Generated values follow the schema most of the time; one in five is hostile. */
const orHostile = (arbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary, weight: 4 }, { arbitrary: hostileValue, weight: 1 });

function textFrom(schema: JsonSchema, pools: Pools, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.format === 'uuid' || /(^|_)id$|Id$/.test(name)) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  if (schema.format === 'email' || /email/i.test(name)) {
    return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 60 });
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

/** Values for a JSON Schema (as the OpenAPI document gives the route's zod schema), mixed with hostile ones. */
export function valueFrom(schema: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf || schema.oneOf)
    return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((s) => valueFrom(s, pools, name)));
  if (schema.allOf) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties as object, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    return valueFrom(merged, pools, name);
  }
  if (schema.enum) return orHostile(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) return orHostile(fc.constant(schema.const));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return orHostile(textFrom(schema, pools, name));
    case 'integer':
      return orHostile(
        fc.integer({ min: Math.max(schema.minimum ?? -INT4, -INT4), max: Math.min(schema.maximum ?? INT4, INT4) }),
      );
    case 'number':
      return orHostile(
        fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return orHostile(fc.boolean());
    case 'array':
      return orHostile(fc.array(valueFrom(schema.items ?? {}, pools), { maxLength: 3 }));
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, valueFrom(property, pools, key)]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      return orHostile(fc.record(model, { requiredKeys: required }));
    }
    default:
      return hostileValue;
  }
}

/** A raw JSON body that no schema describes: prototype keys, broken or deep JSON, bare values. */
const rawBody = fc.constantFrom(
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  '{',
  '[',
  'null',
  '"text"',
  '12',
  '',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  '{"email":"\\u0000"}',
);

const asQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Percent-encodes the UTF-8 bytes (a lone surrogate goes as U+FFFD, as a browser would send it). */
const encodeSegment = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~@]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** One request to `route`: path ids, query and body from its schemas, hostile values mixed in. */
export function requestFor(route: ApiRoute, pools: Pools): fc.Arbitrary<InjectOptions> {
  const params = fc.record(
    Object.fromEntries(
      Object.entries(route.params).map(([name, schema]) => [
        name,
        fc.oneof({ arbitrary: textFrom(schema, pools, name), weight: 3 }, hostileString),
      ]),
    ),
  );
  const queryModel = Object.fromEntries(
    Object.entries(route.query).map(([name, schema]) => [name, valueFrom(schema, pools, name).map(asQueryValue)]),
  );
  const query = fc
    .tuple(
      fc.record(queryModel, { requiredKeys: [] }),
      fc.array(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'toString', ...Object.keys(route.query)), hostileString),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([known, extra]) => {
      const search = new URLSearchParams(known as Record<string, string>);
      for (const [key, value] of extra) search.append(key, value);
      return search.toString();
    });
  const jsonBody = route.body ? valueFrom(route.body, pools) : fc.constant(undefined);
  const body = fc.oneof(
    {
      arbitrary: jsonBody.map((value) => ({ payload: value === undefined ? undefined : JSON.stringify(value) })),
      weight: 8,
    },
    { arbitrary: rawBody.map((payload) => ({ payload })), weight: 1 },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    undefined,
  );
  return fc.record({ params, query, body, contentType }).map(({ params, query, body, contentType }) => {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(params[name] ?? 'x'));
    const hasBody = route.method !== 'GET' && body.payload !== undefined;
    return {
      method: route.method as InjectOptions['method'],
      url: query ? `${path}?${query}` : path,
      headers: hasBody && contentType ? { 'content-type': contentType } : {},
      payload: hasBody ? body.payload : undefined,
    } satisfies InjectOptions;
  });
}
