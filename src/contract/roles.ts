export const ROLES = ['customer', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIPS = ['normal', 'premium'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

/** A normal-membership vendor may list at most this many products. */
export const NORMAL_VENDOR_PRODUCT_LIMIT = 5;
/** Premium membership price, in dollars as the spec shows it ($1000). */
export const PREMIUM_MEMBERSHIP_PRICE_DOLLARS = 1000;
