/** The users module's public functions: other modules read accounts only through these. */
export { countActiveAccounts } from './account-counts.ts';
export { type AccountName, accountsByIds } from './accounts-by-id.ts';
export { lockPayer } from './payer.ts';
