import { z } from 'zod';
import { paginated } from './pagination.ts';
import { ROLES } from './roles.ts';
import { shop } from './shops.ts';
import { postcodeField } from './slots.ts';
import { abortWith, phoneField, REQUIRED, requiredText } from './validation.ts';

/** The shop's profile fields, as the storefront's shop (shops.ts) defines them. */
const profile = shop.shape;

/** A user as the users calls show it (the spec's User with its shop fields, null when the user has no shop). */
export const userRecord = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roll: z.enum(ROLES),
  photoURL: z.string().nullable(),
  shop: profile.shop.nullable(),
  image: profile.image,
  address: profile.address,
  phone: profile.phone,
  date: profile.date,
  membership: profile.membership.nullable(),
  badge: profile.badge,
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;

export const userPage = paginated(userRecord);

/**
 * `GET /users/{customer|vendor|admin}`: the whole list (the spec's call), or one page when `page` is given; with `q`,
 * only the accounts whose name or e-mail contains it (any case).
 */
export const userListQuery = z.object({
  roll: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  q: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Vendor registration at /member; the same rules in the form and on the server. */
export const vendorRegistrationFields = z.object({
  shop: requiredText(80, 'The shop name is at most 80 characters'),
  date: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(10, abortWith('Enter a date'))
    .regex(ISO_DATE, 'Enter a date')
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'Enter a date' })
    // One day of slack: "today" in the user's time zone may be tomorrow in UTC.
    .refine((value) => Date.parse(value) <= Date.now() + 86_400_000, {
      error: 'The shop cannot be established in the future',
    }),
  address: requiredText(200, 'The address is at most 200 characters'),
  phone: phoneField,
});

/** `PATCH /users/email/{email}`: the form's fields plus the uploaded image; roll and membership are the server's. */
export const vendorRegistrationInput = vendorRegistrationFields.extend({
  image: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2048),
  roll: z.literal('vendor').optional(),
  membership: z.literal('normal').optional(),
});
export type VendorRegistrationInput = z.infer<typeof vendorRegistrationInput>;

export const vendorRegistrationForm = vendorRegistrationFields.extend({
  image: z.custom<FileList>(
    (value) => typeof value === 'object' && value !== null && 'length' in value && (value as FileList).length > 0,
    {
      error: REQUIRED,
    },
  ),
});
export type VendorRegistrationForm = z.infer<typeof vendorRegistrationForm>;

export const modifiedCount = z.object({ modifiedCount: z.number().int() });
export const deletedCount = z.object({ deletedCount: z.number().int() });

/** `PATCH /users/me/photo`: the caller's picture, uploaded first with POST /uploads (sign-up does it once signed in). */
export const photoInput = z.object({
  photoURL: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(2048, 'The picture address is at most 2048 characters'),
});

/** The profile's own details (`GET`/`PUT /api/users/me/details`): the name, and a phone to reach the person at. */
export const profileDetails = z
  .object({
    name: requiredText(80, 'The name is at most 80 characters'),
    /** '' removes it. Checkout offers it as the order's phone. */
    phone: z.union([z.literal(''), phoneField]),
    /** The default delivery address, where checkout starts; '' (with no ZIP code) removes it. */
    address: z.string().trim().max(300, 'Address is too long (300 characters at most)').default(''),
    postcode: z.union([z.literal(''), postcodeField]).default(''),
  })
  .superRefine((value, context) => {
    if (value.address !== '' && value.postcode === '')
      context.addIssue({ code: 'custom', path: ['postcode'], message: 'Enter the ZIP code of this address' });
    if (value.address === '' && value.postcode !== '')
      context.addIssue({ code: 'custom', path: ['address'], message: 'Enter the street address for this ZIP code' });
  });
export type ProfileDetails = z.input<typeof profileDetails>;
export const profileDetailsView = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
});
