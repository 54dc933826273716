/** The users module's public functions: other modules read and change accounts only through these. */
export { countActiveAccounts } from './account-counts.ts';
export { accountEmailsRelation, accountsByIds, activeAccountIdsRelation } from './accounts-by-id.ts';
export { ensureAdmin } from './admin-bootstrap.ts';
export { accountUsingEmail, markEmailVerified, moveAccountEmail, requireVerifiedEmail } from './email-address.ts';
export type { Leaver, Leaving } from './erasure.ts';
export { hashCheaplyInTests, hashPassword, verifyPassword } from './passwords.ts';
export { lockPayer } from './payer.ts';
export { hasUsers, recordUsers } from './records.ts';
export { assertSelfOrAdmin } from './self-or-admin.ts';
export {
  type Account,
  activeAccountsByIds,
  callerById,
  defaultAddressOf,
  findActiveUserByEmail,
  findActiveUserById,
  findOrCreateGoogleUser,
  listUsers,
  makeVendor,
  setPassword,
} from './service.ts';
