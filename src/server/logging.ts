import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** Fields whose values never reach the log, wherever a logged object carries them (top level or one down). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'clientSecret',
  'client_secret',
  'webhookSecret',
  'cardNumber',
  'address',
  'shopAddress',
  'params',
  'detail',
];

/** Query-string parameters of a logged URL whose values are secrets (the Google callback's code, say). */
const SECRET_QUERY = /([?&](?:code|state|token|id_token|access_token)=)[^&#]*/gi;

/** What a logged error keeps: the kind, the message, where it happened, and a database error's non-value fields. */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'];

type Serialized = { [key: string]: unknown };

/**
 * An error as the log may show it. A failed query keeps its SQL text (drizzle's `query`) but never its
 * values: drizzle's `params` (also in its message), PostgreSQL's `detail` ("Key (email)=(…)"), `where` and
 * `hint` are dropped, and the stack is rebuilt on the safe message. Causes are serialized the same way.
 */
export function serializeError(error: unknown, depth = 0): Serialized {
  if (!(error instanceof Error)) return serializeThrown(error);
  const source = error as Error & Serialized;
  const type = source.constructor?.name ?? source.name;
  const query = typeof source.query === 'string' ? source.query : undefined;
  const message =
    query !== undefined && error.message.startsWith('Failed query:') ? `Failed query: ${query}` : error.message;
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const out: Serialized = {
    type,
    message,
    stack: `${type}: ${message}${frames >= 0 ? error.stack?.slice(frames) : ''}`,
  };
  if (query !== undefined) out.query = query;
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** How much of a thrown value that is not an Error the log keeps. */
const THROWN_CONTENT_CHARS = 2_000;

/**
 * A thrown value that is not an Error (pg-boss emits plain objects copied from errors, some code throws strings): its
 * message, code and stack when it has them, and its content as bounded JSON with secret fields redacted.
 */
function serializeThrown(value: unknown): Serialized {
  const secret = new Set(SECRET_FIELDS);
  let content: string;
  try {
    content =
      typeof value === 'string'
        ? value
        : (JSON.stringify(value, (key, field) =>
            secret.has(key) ? '[Redacted]' : typeof field === 'bigint' ? String(field) : field,
          ) ?? String(value));
  } catch {
    content = String(value);
  }
  if (content.length > THROWN_CONTENT_CHARS) content = `${content.slice(0, THROWN_CONTENT_CHARS)}…`;
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const out: Serialized = {
    type: value === null ? 'null' : typeof value === 'object' ? (value.constructor?.name ?? 'Object') : typeof value,
    message: typeof fields.message === 'string' ? fields.message : content,
    thrown: content,
  };
  if (typeof fields.stack === 'string') out.stack = fields.stack;
  for (const field of ERROR_FIELDS) {
    const item = fields[field];
    if (typeof item === 'string' || typeof item === 'number') out[field] = item;
  }
  return out;
}

/** A request id as a client or proxy may give it (nginx's $request_id is 32 hex digits). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's id: its X-Request-Id when well-formed (1-128 of A-Z a-z 0-9 . _ -), else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The request line as logged: no headers, and no secret query values. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[Redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's pino options: JSON lines at `level`, secrets redacted, errors without query values.
 * `stream` is where lines go (standard output unless a test captures them).
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`]).concat(
        SECRET_FIELDS.map((field) => `*.headers["${field}"]`),
      ),
      censor: '[Redacted]',
    },
    serializers: { err: serializeError, req: serializeRequest as (value: unknown) => unknown },
  };
}
