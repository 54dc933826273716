/** The auth module's public functions: the auth plugin verifies tokens and the app revokes a deleted user's sessions. */
export { revokeAllRefreshTokens, sessionIsLive } from './refresh-tokens.ts';
export { signAccessToken, verifyAccessToken } from './tokens.ts';
