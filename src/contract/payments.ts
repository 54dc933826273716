import { z } from 'zod';
import { couponCodeField } from './coupons.ts';
import { planKey } from './membership-plans.ts';
import { taxRateLine } from './tax.ts';
import { abortWith, phoneField, REQUIRED, requiredText } from './validation.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /payments/config: which card form the client shows. */
export const paymentsConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});

/** POST /customer-payment. The spec's client sends {price}; the server ignores it and prices the cart itself. */

export const paymentIntentCreated = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Dollars to be charged. */
  amount: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /** Dollars of the shops' delivery fees included in `amount` (the coupon is on the goods only). */
  deliveryFee: z.number(),
  couponCode: z.string().nullable(),
  /**
   * Weighed goods in the cart: the card is only authorized for `amount` (their estimate plus 10%) and charged by
   * actual weight; this is the estimated total. Absent when the card is charged now.
   */
  estimate: z.number().optional(),
  /** A checkout's tax (decision 028): dollars added to `amount` (0 when prices include it), and per rate. */
  tax: z.number().optional(),
  pricesIncludeTax: z.boolean().optional(),
  taxLines: z.array(taxRateLine).optional(),
});
export type PaymentIntentCreated = z.infer<typeof paymentIntentCreated>;

/** Card numbers pass the Luhn checksum. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  incomplete: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvc: "Your card's security code is incomplete.",
} as const;

/** Parses 'MM/YY' (or MM/YYYY) into month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The sandbox card form: number, expiry and CVC checked the same way on the client and the server. */
export const sandboxCardFields = z
  .object({
    cardNumber: z
      .string({ error: CARD_MESSAGES.incomplete })
      .max(40, abortWith(CARD_MESSAGES.number))
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d*$/, CARD_MESSAGES.number)
          .min(13, CARD_MESSAGES.incomplete)
          .max(19, CARD_MESSAGES.number)
          .refine(luhnValid, CARD_MESSAGES.number),
      ),
    expiry: z
      .string({ error: CARD_MESSAGES.expiry })
      .trim()
      .min(1, CARD_MESSAGES.expiry)
      .max(20, abortWith(CARD_MESSAGES.expiry)),
    cvc: z
      .string({ error: CARD_MESSAGES.cvc })
      .trim()
      .max(10, abortWith(CARD_MESSAGES.cvc))
      .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
  })
  .superRefine((card, ctx) => {
    const expiry = parseExpiry(card.expiry);
    if (!expiry) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: CARD_MESSAGES.expiry });
    } else {
      const now = new Date();
      const current = now.getFullYear() * 12 + now.getMonth() + 1;
      if (expiry.year * 12 + expiry.month < current) {
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: CARD_MESSAGES.expiryPast });
      }
    }
    const wanted = cardBrand(card.cardNumber) === 'amex' ? 4 : 3;
    if (card.cvc.length !== wanted) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvc });
    }
  });

/** POST /payments/sandbox/confirm: what Stripe's confirmCardPayment does, for the built-in sandbox. */
export const sandboxConfirmInput = z.intersection(
  z.object({
    paymentIntentId: z.string().min(1).max(100),
    clientSecret: z.string().min(1).max(200),
  }),
  sandboxCardFields,
);
export type SandboxConfirmInput = z.input<typeof sandboxConfirmInput>;

export const sandboxConfirmResult = z.object({
  id: z.string(),
  status: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});

/** The longest note a shopper may leave for the shop. */
export const ORDER_NOTE_MAX = 500;

/** The checkout form of userPayment; the note for the shop is optional (blank is none). */
export const checkoutDetails = z.object({
  name: requiredText(100, 'Name is too long'),
  phoneNumber: phoneField,
  address: requiredText(300, 'Address is too long (300 characters at most)'),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(ORDER_NOTE_MAX, abortWith(`The note is too long (${ORDER_NOTE_MAX} characters at most)`))
    .optional(),
});
export type CheckoutDetails = z.infer<typeof checkoutDetails>;

/**
 * What the payment page sends: the address may be left out where every shop's part is a pickup (the server then
 * takes the cart's delivery address, or records the pickup); where a shop delivers or ships it is required.
 */
export const checkoutForm = checkoutDetails.extend({
  address: z
    .string({ error: 'The address must be text' })
    .trim()
    .max(300, abortWith('Address is too long (300 characters at most)'))
    .optional(),
});
export type CheckoutForm = z.infer<typeof checkoutForm>;

/**
 * POST /customer-payment. The delivery details may come here already (the payment page sends them), so the
 * order can be made from the paid intent even if the browser never confirms; they are still accepted later.
 */
export const checkoutIntentInput = checkoutForm.partial().extend({
  price: z.number().optional(),
  couponCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponCodeField.optional()),
});
export type CheckoutIntentInput = z.input<typeof checkoutIntentInput>;

/** POST /customerPayments: the confirmed payment becomes the order. */
export const customerPaymentInput = checkoutForm.extend({
  paymentIntentId: z.string({ error: REQUIRED }).min(1, REQUIRED).max(100),
});
export type CustomerPaymentInput = z.infer<typeof customerPaymentInput>;

/**
 * POST /vendor-payment (Buy Now): the spec sends {price: 1000}; the server charges the price it knows of the plan
 * named (the premium plan when none is).
 */
export const membershipIntentInput = z.object({ price: z.number().optional(), plan: planKey.optional() });

/** POST /vendorPayments. */
export const vendorPaymentInput = z.object({
  email: z.string().trim().min(1, REQUIRED).max(254, 'E-mail is too long'),
  price: z.number().optional(),
  shop: z.string().max(200).optional(),
  shopId: z.string().max(100).optional(),
  transactionId: z.string({ error: REQUIRED }).min(1, REQUIRED).max(100),
});
export type VendorPaymentInput = z.infer<typeof vendorPaymentInput>;

export const vendorPaymentRecorded = z.object({
  insertedId: z.string(),
  transactionId: z.string(),
  price: z.number(),
  /** The plan paid for ('premium' for the spec's). */
  membership: z.string(),
  /** A monthly plan: the end of the month paid for; null for a one-off plan. */
  paidUntil: z.string().nullable(),
});

export const vendorBadgeInput = z.object({ badge: z.literal('gold', { error: 'The badge is gold' }) });
export const modifiedCount = z.object({ modifiedCount: z.number().int() });
