import { z } from 'zod';
import { FULFILMENT_ERROR_CODES } from './checkout-plan.ts';

/** Every API error has this one shape. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'INTERNAL',
  /** The server cannot reach its database for the moment (503 with Retry-After): the same request may be sent again. */
  'UNAVAILABLE',
  /** A write found the server's disk full (507): nothing of it was kept; the same request may be sent later. */
  'INSUFFICIENT_STORAGE',
  /** A weighed line must be weighed before its shop's part leaves pending. */
  'WEIGHT_REQUIRED',
  /** The shopper may no longer cancel a shop's part: its slot's ordering closed, or the shop moved past Ordered. */
  'CANCEL_CLOSED',
  /** A step that needs a verified e-mail (a shop, payouts, a review): 403, the page offers to send the link again. */
  'EMAIL_UNVERIFIED',
  /** A checkout the shop's pickup or delivery terms refuse (see checkout-plan.ts). */
  ...FULFILMENT_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponse = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
