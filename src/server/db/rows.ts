import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';

/**
 * The rows of a raw SQL query, parsed by the schema of the columns it selects (never cast): a renamed column or
 * a changed type fails here, loudly, instead of flowing on as a wrong value. Query-builder queries need none.
 */
export function parseRows<T extends z.ZodType>(schema: T, rows: readonly unknown[]): z.output<T>[] {
  return rows.map((row) => schema.parse(row));
}

/**
 * A timestamptz column: pg gives a Date, Drizzle's db.execute its text ("2026-11-22 23:00:00.123+00", in the
 * session's time zone); either way the instant as a Date.
 */
export const timestampColumn = z.union([z.date(), z.string()]).transform((value) => new Date(value));

const ajv = new Ajv2020({ allErrors: false });
ajv.addKeyword({
  keyword: 'instanceofDate',
  schemaType: ['boolean', 'string'],
  errors: false,
  validate: (nullable: boolean | string, value: unknown) =>
    value instanceof Date || (nullable === 'or null' && value === null),
});
/** The zod kinds that make a value other than the one read: a row with one is parsed, not checked in place. */
const REMAKING = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success']);
const readers = new WeakMap<z.ZodType, (rows: readonly unknown[]) => unknown[]>();

/**
 * The rows of a query read with pg's own types (a timestamp comes as a Date), by the schema of the columns it
 * selects (decision 071): checked in place by a validator Ajv compiles once from the schema's JSON Schema, so the
 * hot reads (a listing page, a search's cards) copy no row and no field; a wrong column fails as loudly as
 * parseRows. A schema that remakes a value (a transform but timestampColumn's, which pg's Dates already are; a
 * default) is parsed by zod instead.
 */
export function readRows<T extends z.ZodType>(schema: T, rows: readonly unknown[]): z.output<T>[] {
  let read = readers.get(schema);
  if (!read) {
    read = readerOf(schema);
    readers.set(schema, read);
  }
  return read(rows) as z.output<T>[];
}

function readerOf(schema: z.ZodType): (rows: readonly unknown[]) => unknown[] {
  let remakes = false;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const kind = zodSchema._zod.def.type;
      if (zodSchema === timestampColumn || kind === 'date') {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        jsonSchema.instanceofDate = true;
      } else if (REMAKING.has(kind)) remakes = true;
    },
  });
  if (remakes) return (rows) => parseRows(schema, rows);
  const check: ValidateFunction = ajv.compile(nullableWithoutAnyOf(json) as JsonSchema);
  return (rows) => {
    for (const row of rows) {
      if (!check(row)) {
        const [error] = check.errors ?? [];
        throw new Error(
          `A row read does not match its columns' schema: ${error?.instancePath || 'row'} ${error?.message}`,
        );
      }
    }
    return rows as unknown[];
  };
}

type JsonSchema = { [key: string]: unknown };

/**
 * The schema with each `anyOf: [X, {type: "null"}]` (zod's nullable) said as X with null among its types (and its
 * enum): an anyOf makes Ajv build an error object for the branch a null fails, at every null of every row.
 */
function nullableWithoutAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutAnyOf);
  if (node === null || typeof node !== 'object') return node;
  const schema: JsonSchema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableWithoutAnyOf(value)]),
  );
  const [inner, other, ...more] = (Array.isArray(schema.anyOf) ? schema.anyOf : []) as JsonSchema[];
  const orNull = more.length === 0 && other?.type === 'null' && Object.keys(other).length === 1;
  if (!orNull || (inner.type === undefined && inner.instanceofDate === undefined)) return schema;
  const { anyOf: _, ...rest } = schema;
  if (inner.instanceofDate) return { ...rest, instanceofDate: 'or null' };
  return {
    ...rest,
    ...inner,
    type: [inner.type, 'null'].flat(),
    ...(Array.isArray(inner.enum) && { enum: [...inner.enum, null] }),
  };
}
