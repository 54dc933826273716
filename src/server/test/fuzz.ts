import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ApiRoute, JsonSchema } from './routes.ts';

/** Known rows of the test world, so generated ids mostly hit real ones and reach past the 404s. */
export type Pools = { ids: string[]; productIds: string[]; emails: string[] };

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

/** A text that would pass its field but carries one control character somewhere (NUL most often). */
const withControl = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.constantFrom('\u0000', '\u0000', '\u0001', '\u001f', '\u007f', '\u0085'), fc.nat())
    .map(([valid, control, at]) => {
      const i = at % (valid.length + 1);
      return `${valid.slice(0, i)}${control}${valid.slice(i)}`;
    });

const SIMPLE_EMAIL = /^[a-z0-9]{1,10}@[a-z]{1,8}\.(com|org)$/;

function textFrom(schema: JsonSchema, pools: Pools, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.format === 'uuid' || /(^|_)id$|Id$/.test(name)) {
    const known = /product/i.test(name) ? pools.productIds : pools.ids;
    return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, fc.uuid());
  }
  if (schema.format === 'email' || /email/i.test(name)) {
    return fc.oneof(
      { arbitrary: fc.constantFrom(...pools.emails), weight: 3 },
      fc.stringMatching(SIMPLE_EMAIL),
      fc.emailAddress(),
    );
  }
  // What the JSON Schema cannot say (refinements, pipes) for a few well-known names.
  if (/code$/i.test(name)) return fc.stringMatching(/^[A-Z0-9_-]{1,12}$/);
  if (/password/i.test(name)) return fc.stringMatching(/^[a-z]{1,4}[A-Z]{1,4}[0-9]{1,4}[!#%]{1,4}$/);
  if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 60 });
  return fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

const objectOf = (schema: JsonSchema): JsonSchema =>
  schema.allOf ? { properties: Object.assign({}, ...schema.allOf.map((part) => part.properties)) } : schema;
const requiredOf = (schema: JsonSchema) =>
  schema.allOf ? schema.allOf.flatMap((part) => part.required ?? []) : (schema.required ?? []);

/** Values a JSON Schema (the route's zod schema, as the OpenAPI document gives it) describes. */
export function validFrom(schema: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validFrom(variant, pools, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = schema.allOf
    ? 'object'
    : Array.isArray(schema.type)
      ? schema.type.find((t) => t !== 'null')
      : schema.type;
  switch (type) {
    case 'string':
      return textFrom(schema, pools, name);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -INT4, -INT4), max: Math.min(schema.maximum ?? INT4, INT4) });
    case 'number': {
      // Money and percentages mostly come with at most two decimals.
      const number = fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
      return fc.oneof({ arbitrary: number.map((n) => Math.round(n * 100) / 100), weight: 3 }, number);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validFrom(schema.items ?? {}, pools), { maxLength: 3 });
    case 'object': {
      const properties = objectOf(schema).properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, validFrom(property, pools, key)]),
      );
      return fc.record(model, { requiredKeys: requiredOf(schema).filter((key) => key in properties) });
    }
    default:
      return hostileValue;
  }
}

/**
 * Objects (bodies, queries) for a schema: all valid, or valid but for one field (a hostile value, or its own
 * valid text with a control character in it), so the hostile value gets past every other check to the code
 * behind; now and then wholly hostile.
 */
export function objectsFrom(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  const properties = objectOf(schema).properties ?? {};
  const keys = [...Object.keys(properties), '__proto__', 'constructor', 'extra'];
  const valid = validFrom({ ...schema, type: 'object' }, pools) as fc.Arbitrary<Record<string, unknown>>;
  const mutated = fc.tuple(valid, fc.constantFrom(...keys)).chain(([object, key]) => {
    const property = properties[key];
    const own = property ? withControl(textFrom(property, pools, key)) : hostileString;
    return fc.oneof(hostileValue, own).map((value) => ({ ...object, [key]: value }));
  });
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: mutated, weight: 5 },
    { arbitrary: hostileValue, weight: 1 },
  );
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
  // A bare :id of a product route is a product id.
  const idPools = /product/i.test(route.path) ? { ...pools, ids: pools.productIds } : pools;
  const params = fc.record(
    Object.fromEntries(
      Object.entries(route.params).map(([name, schema]) => [
        name,
        fc.oneof({ arbitrary: textFrom(schema, idPools, name), weight: 4 }, hostileString),
      ]),
    ),
  );
  // A query is an object of strings: valid, or valid but for one hostile field; repeated keys make arrays.
  const queryObject = Object.keys(route.query).length
    ? objectsFrom({ type: 'object', properties: route.query }, pools)
    : fc.constant({});
  const query = fc
    .tuple(
      queryObject,
      fc.array(fc.tuple(fc.constantFrom('toString', ...Object.keys(route.query)), hostileString), { maxLength: 1 }),
    )
    .map(([known, extra]) => {
      const search = new URLSearchParams();
      if (known && typeof known === 'object' && !Array.isArray(known)) {
        for (const [key, value] of Object.entries(known))
          if (value !== undefined) search.append(key, asQueryValue(value));
      }
      for (const [key, value] of extra) search.append(key, value);
      return search.toString();
    });
  const jsonBody = route.body ? objectsFrom(route.body, pools) : fc.constant(undefined);
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
