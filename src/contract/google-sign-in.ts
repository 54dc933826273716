/**
 * The message the Google popup posts to the page that opened it (over a BroadcastChannel).
 * Kept apart from auth.ts so the app's first chunk does not load zod for it.
 */
export const GOOGLE_CHANNEL = 'farmstall-google-sign-in';
export type GoogleSignInMessage = { ok: true } | { ok: false; error: string };
