import type { FastifyInstance, FastifyReply } from 'fastify';
import { authApi } from '#contract/api/auth.ts';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_LINK_INVALID,
  EMAIL_VERIFIED,
  emailChanged,
  emailChangeSent,
  emailVerificationSent,
  GOOGLE_NOT_SET_UP,
  NO_PASSWORD_FOR_EMAIL_CHANGE,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_INVALID,
  PASSWORD_RESET_SENT,
  SAME_EMAIL,
  TOO_MANY_EMAIL_LINKS,
  TOO_MANY_RESET_REQUESTS,
  WRONG_CREDENTIALS,
  WRONG_CURRENT_PASSWORD,
} from '#contract/auth.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { afterAnswer } from '../../after-answer.ts';
import { AppError, badRequest, notFound, unauthenticated } from '../../errors.ts';
import { addressKey, consumeOrRefuse, postgresLimiter } from '../../plugins/rate-limit.ts';
import { handle } from '../../route-table.ts';
import {
  findActiveUserByEmail,
  findActiveUserById,
  findOrCreateGoogleUser,
  hashPassword,
  setPassword,
  verifyPassword,
} from '../users/index.ts';
import { confirmEmailLink, requestEmailChange, sendVerificationLink } from './email-links.ts';
import { GoogleSignIn } from './google.ts';
import { requestPasswordReset, resetPassword } from './password-resets.ts';
import { POPUP_SCRIPT, popupResultPage } from './popup-page.ts';
import {
  endOtherSessions,
  endSessionOf,
  liveSessionsOf,
  revokeAllRefreshTokens,
  revokeRefreshToken,
  rotateRefreshToken,
  startSessionRow,
} from './refresh-tokens.ts';
import {
  accessTokenFor,
  clearFlowCookie,
  clearRefreshCookie,
  REFRESH_COOKIE,
  readFlowCookie,
  setFlowCookie,
  setRefreshCookie,
  startSession,
} from './session.ts';
import { SignInLimiter } from './sign-in-limiter.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export async function authRoutes(app: FastifyInstance) {
  const limiter = new SignInLimiter(app.db);
  const google = app.config.google ? new GoogleSignIn(app.config) : undefined;
  // Verifying against a real hash when the account does not exist keeps both answers equally slow.
  const dummyHash = hashPassword('not-a-real-password-Aa1!');

  handle(app, authApi.signIn, async (request, reply) => {
    const { email, password } = request.body;
    await limiter.attempt(request.ip, email, reply);
    const user = await findActiveUserByEmail(app.db, email);
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
    if (!user?.passwordHash || !valid) throw unauthenticated(WRONG_CREDENTIALS);
    await limiter.succeeded(request.ip, email);
    return { token: await startSession(app, request, reply, user) };
  });

  handle(app, authApi.refresh, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    const rotated = presented ? await rotateRefreshToken(app.db, presented) : null;
    const user = rotated ? await findActiveUserById(app.db, rotated.userId) : undefined;
    if (!rotated || !user) return endSession(reply);
    setRefreshCookie(app, reply, rotated.token);
    return { token: await accessTokenFor(app, user, rotated.sessionId) };
  });

  function endSession(reply: FastifyReply): never {
    clearRefreshCookie(app, reply);
    throw unauthenticated(SESSION_ENDED);
  }

  handle(app, authApi.logout, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await revokeRefreshToken(app.db, presented);
    clearRefreshCookie(app, reply);
    return reply.code(204).send();
  });

  // A forgotten password: a few links an account per quarter hour, and a bound on what one address asks for.
  const resetsByAccount = postgresLimiter(app.db, 'password-reset-account', 3, 15 * 60);
  const resetsByAddress = postgresLimiter(app.db, 'password-reset-address', 20, 15 * 60);

  const later = afterAnswer(app);

  handle(app, authApi.passwordResetRequest, async (request, reply) => {
    await consumeOrRefuse(resetsByAddress, addressKey(request.ip), reply, TOO_MANY_RESET_REQUESTS);
    await consumeOrRefuse(resetsByAccount, normalizeEmail(request.body.email), reply, TOO_MANY_RESET_REQUESTS);
    // The account is looked up after the answer has left: known or not, the same answer in the same time.
    const now = app.now();
    later(request.log, 'A password reset request', () => requestPasswordReset(app.db, request.body.email, now));
    return { message: PASSWORD_RESET_SENT };
  });

  handle(app, authApi.passwordReset, async (request, reply) => {
    await consumeOrRefuse(resetsByAddress, addressKey(request.ip), reply, TOO_MANY_RESET_REQUESTS);
    const { token, password } = request.body;
    if (!(await resetPassword(app.db, token, password, app.now()))) {
      throw badRequest(PASSWORD_RESET_INVALID, { token: PASSWORD_RESET_INVALID });
    }
    return { message: PASSWORD_RESET_DONE };
  });

  // E-mailed links to verify an address: a few an account per quarter hour (a resend or a change alike), and a bound
  // on the resends one address asks for.
  const emailLinksByAccount = postgresLimiter(app.db, 'email-link-account', 3, 15 * 60);
  const emailLinksByAddress = postgresLimiter(app.db, 'email-link-address', 20, 15 * 60);

  handle(app, authApi.emailVerificationRequest, async (request, reply) => {
    const { user } = request;
    if (user.emailVerified) return { message: EMAIL_ALREADY_VERIFIED };
    await consumeOrRefuse(emailLinksByAddress, addressKey(request.ip), reply, TOO_MANY_EMAIL_LINKS);
    await consumeOrRefuse(emailLinksByAccount, user.id, reply, TOO_MANY_EMAIL_LINKS);
    await app.db.transaction((tx) => sendVerificationLink(tx, user, app.now()));
    return { message: emailVerificationSent(user.email) };
  });

  // A 256-bit token is not guessed: the writes limit of every address is bound enough for confirming.
  handle(app, authApi.emailVerificationConfirm, async (request) => {
    const done = await confirmEmailLink(app.db, request.body.token, app.now());
    if (!done) throw badRequest(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
    return { message: 'verified' in done ? EMAIL_VERIFIED : emailChanged(done.changed) };
  });

  handle(app, authApi.changeEmail, async (request, reply) => {
    const { user, body } = request;
    // Guessing the password from a stolen session counts like guessing at the sign-in form.
    await limiter.attempt(request.ip, user.email, reply);
    const account = await findActiveUserById(app.db, user.id);
    if (!account?.passwordHash) throw badRequest(NO_PASSWORD_FOR_EMAIL_CHANGE);
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { password: WRONG_CURRENT_PASSWORD });
    }
    await limiter.succeeded(request.ip, user.email);
    const email = normalizeEmail(body.email);
    if (email === account.email) throw badRequest(SAME_EMAIL, { email: SAME_EMAIL });
    await consumeOrRefuse(emailLinksByAccount, user.id, reply, TOO_MANY_EMAIL_LINKS);
    await requestEmailChange(app.db, account, email, app.now());
    return { message: emailChangeSent(email) };
  });

  handle(app, authApi.sessions, async ({ user }) =>
    (await liveSessionsOf(app.db, user.id)).map((session) => ({
      _id: session.id,
      userAgent: session.userAgent,
      lastUsedAt: session.lastUsedAt.toISOString(),
      createdAt: session.createdAt.toISOString(),
      current: session.id === user.sessionId,
    })),
  );

  handle(app, authApi.endSession, async ({ user, params }, reply) => {
    if (!(await endSessionOf(app.db, user.id, params.id))) throw notFound('Session');
    return reply.code(204).send();
  });

  handle(app, authApi.endAllSessions, async ({ user }, reply) => {
    await revokeAllRefreshTokens(app.db, user.id);
    clearRefreshCookie(app, reply);
    return reply.code(204).send();
  });

  handle(app, authApi.changePassword, async (request, reply) => {
    const { user, body } = request;
    // Guessing the current password from a stolen session counts like guessing at the sign-in form.
    await limiter.attempt(request.ip, user.email, reply);
    const account = await findActiveUserById(app.db, user.id);
    if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    await limiter.succeeded(request.ip, user.email);
    const sessionId = user.sessionId ?? (await startSessionRow(app.db, user.id, request.headers['user-agent']));
    await app.db.transaction(async (tx) => {
      await setPassword(tx, user.id, body.password);
      await endOtherSessions(tx, user.id, sessionId);
    });
    const changed = await findActiveUserById(app.db, user.id);
    if (!changed) throw unauthenticated(SESSION_ENDED);
    return { token: await accessTokenFor(app, changed, sessionId) };
  });

  handle(app, authApi.providers, async () => ({ google: Boolean(google) }));

  /** The popup's pages must keep their opener across the provider's pages (no browsing context group switch). */
  const popupHeaders = (reply: FastifyReply) =>
    reply.header('cross-origin-opener-policy', 'unsafe-none').header('cache-control', 'no-store');

  const sendPopupResult = (reply: FastifyReply, result: { ok: true } | { ok: false; error: string }) =>
    popupHeaders(reply).code(200).type('text/html; charset=utf-8').send(popupResultPage(result));

  handle(app, authApi.googleStart, async (request, reply) => {
    if (!google) return sendPopupResult(reply, { ok: false, error: GOOGLE_NOT_SET_UP });
    try {
      const { url, flow } = await google.start();
      await setFlowCookie(app, reply, flow);
      return popupHeaders(reply).redirect(url.href);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in could not start');
      return sendPopupResult(reply, {
        ok: false,
        error: 'Google sign-in is not available right now. Please try again later.',
      });
    }
  });

  handle(app, authApi.googleCallback, async (request, reply) => {
    if (!google) return sendPopupResult(reply, { ok: false, error: GOOGLE_NOT_SET_UP });
    const flow = await readFlowCookie(app, request);
    clearFlowCookie(app, reply);
    if (request.query.error === 'access_denied') {
      return sendPopupResult(reply, { ok: false, error: 'Google sign-in was cancelled.' });
    }
    if (!flow) {
      return sendPopupResult(reply, { ok: false, error: 'The Google sign-in took too long. Please try again.' });
    }
    let user: Awaited<ReturnType<typeof findOrCreateGoogleUser>>;
    try {
      const identity = await google.finish(new URL(request.url, app.config.publicUrl), flow);
      user = await findOrCreateGoogleUser(app.db, identity);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        return sendPopupResult(reply, { ok: false, error: error.message });
      }
      request.log.warn({ err: error }, 'Google sign-in failed');
      return sendPopupResult(reply, { ok: false, error: 'Google sign-in failed. Please try again.' });
    }
    await startSession(app, request, reply, user);
    return sendPopupResult(reply, { ok: true });
  });

  handle(app, authApi.googlePopupScript, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(POPUP_SCRIPT),
  );
}
