import type { ErrorCode } from '#contract/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  WEIGHT_REQUIRED: 409,
  CANCEL_CLOSED: 409,
  EMAIL_UNVERIFIED: 403,
  SLOT_REQUIRED: 400,
  SLOT_FULL: 409,
  SLOT_CLOSED: 409,
  OUT_OF_AREA: 400,
  BELOW_MINIMUM: 400,
};

/** The one error class of the server. 4xx messages reach the client; 5xx are masked and logged. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  /** `status` only where the code's own does not fit. */
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, status?: number) {
    super(message);
    this.code = code;
    this.statusCode = status ?? STATUS[code];
    this.fields = fields;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in first') => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);

/** What a write that found the disk (or the user's quota) full answers: 507, and nothing of it is kept. */
export const DISK_FULL = 'The server is out of disk space';
export const diskFull = () => new AppError('INSUFFICIENT_STORAGE', DISK_FULL);

/** ENOSPC and EDQUOT of the file system, and PostgreSQL's disk_full (53100), also when wrapped as a cause. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (DISK_FULL_CODES.has(String((e as { code?: unknown }).code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
