export const ROLES = ['customer', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A shop's membership: the key of its plan (membership_plans, decision 051). The spec's two, 'normal' and 'premium',
 * are seeded; the admin may add others, whose keys appear here as they are.
 */
export type Membership = string;
/** The seeded plans' keys, the spec's memberships. */
export const MEMBERSHIPS = ['normal', 'premium'] as const;

/**
 * The spec's normal membership holds at most this many products: the seeded 'normal' plan's limit (migration 0052).
 * The plan in the database decides; the admin may change it.
 */
export const NORMAL_VENDOR_PRODUCT_LIMIT = 5;
/** The spec's premium membership price, in dollars ($1000): the seeded 'premium' plan's price (migration 0052). */
export const PREMIUM_MEMBERSHIP_PRICE_DOLLARS = 1000;
