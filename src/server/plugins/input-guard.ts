import { parse } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

/** The longest text any request field may hold; every field's own bound in the contract is lower. */
export const MAX_TEXT_LENGTH = 10_000;
export const TEXT_TOO_LONG = `Text is too long (at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters)`;
export const CONTROL_CHARACTER = 'Text may not contain control characters';

/** NUL and the other C0 and C1 control characters, DEL included; tab, line feed and carriage return are text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Far longer than any query a page builds (its longest field, a cursor, is at most 400 characters). */
export const MAX_QUERY_LENGTH = 20_000;
const QUERY_TOO_LONG = Symbol('query too long');

/**
 * The app's query string parser (node's, which Fastify's default mimics), except that an over-long query string
 * is not parsed at all: decoding a megabyte of it would hold the event loop, and the guard refuses it anyway.
 */
export function parseQuery(text: string): Record<string, unknown> {
  return text.length > MAX_QUERY_LENGTH ? { [QUERY_TOO_LONG]: true } : parse(text);
}

/** A hostile body may hold thousands of bad strings; the answer names the first few. */
const MAX_NAMED_FIELDS = 10;

/** Every string in `value` (walked without recursion, so nesting depth costs nothing) that breaks a rule. */
function badTexts(value: unknown, fields: Record<string, string>) {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && Object.keys(fields).length < MAX_NAMED_FIELDS) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.length > MAX_TEXT_LENGTH) fields[path || 'body'] = TEXT_TOO_LONG;
      else if (CONTROL.test(node)) fields[path || 'body'] = CONTROL_CHARACTER;
    } else if (node !== null && typeof node === 'object' && !ArrayBuffer.isView(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        stack.push([entries[i][1], path ? `${path}.${entries[i][0]}` : entries[i][0]]);
      }
    }
  }
}

/**
 * A backstop under the contract's own bounds: before any route validates its input, a string in the JSON
 * body, the query or the path that is over the global cap, or holds a control character (which PostgreSQL
 * cannot store in text, NUL above all), is refused with 400 naming the field. Raw bodies (the Stripe
 * webhook's bytes) and multipart streams are not walked.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if ((request.query as Record<symbol, unknown> | undefined)?.[QUERY_TOO_LONG]) {
        const message = `The query string is too long (at most ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters)`;
        throw badRequest(message, { query: message });
      }
      const fields: Record<string, string> = {};
      badTexts(request.params, fields);
      badTexts(request.query, fields);
      badTexts(request.body, fields);
      const first = Object.entries(fields)[0];
      if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
    });
  },
  { name: 'input-guard' },
);
