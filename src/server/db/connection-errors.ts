/**
 * Whether `error` (or an error it wraps, as drizzle's "Failed query" wraps pg's) says the database could not be
 * reached or dropped the connection, rather than that the statement was wrong: worth a retry in a moment.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/**
 * SQLSTATE admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery) and
 * too_many_connections; the socket errors of a server that is gone or refuses. Class 08 is connection exceptions.
 */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What pg and pg-pool say when a connection ends, was lost before, or could not be had in time. */
const CONNECTION_MESSAGES =
  /^Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|terminating connection due to/;
