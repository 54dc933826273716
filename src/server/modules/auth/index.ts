/**
 * The auth module's public functions: the auth plugin verifies tokens, the app revokes a deleted user's sessions and
 * has a password sign-up e-mail its verification link.
 */
export { sendVerificationLink } from './email-links.ts';
export { eraseSignIns, sessionsForExport } from './leaving.ts';
export { revokeAllRefreshTokens, sessionIsLive } from './refresh-tokens.ts';
export { deleteEndedSignIns } from './retention.ts';
export { SignInLimiter } from './sign-in-limiter.ts';
export { signAccessToken, verifyAccessToken } from './tokens.ts';
