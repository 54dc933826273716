/**
 * The error code of a refusal until the e-mail is verified (403), so the pages offer to send the link again. Kept
 * apart from auth.ts's schemas so that the banner on every page does not load zod before the page is used.
 */
export const EMAIL_UNVERIFIED = 'EMAIL_UNVERIFIED';
