import { z } from 'zod';
import { ROLES } from './roles.ts';
import { abortWith, emailField, REQUIRED, requiredText } from './validation.ts';

/** Sign-up password rules with the spec's exact messages. */
export const PASSWORD_MESSAGES = {
  required: 'password is required',
  min: 'Password must be 6 character',
  max: 'Password less than 20 character',
  pattern: 'Password must have one upper case one lower case one number one special charcter',
} as const;

/** One of each: lower case, upper case, digit, other. Plain character classes, so each test is one linear scan. */
const hasEveryKind = (password: string) =>
  /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password) && /[^A-Za-z0-9]/.test(password);

/**
 * The messages come in the form's order (required, too short, too long, the character rule); an empty or
 * too long password stops at its message, so the character rule only ever reads at most 20 characters.
 */
export const passwordField = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, abortWith(PASSWORD_MESSAGES.required))
  .min(6, PASSWORD_MESSAGES.min)
  .max(20, abortWith(PASSWORD_MESSAGES.max))
  .refine(hasEveryKind, PASSWORD_MESSAGES.pattern);

/** The fields of the sign-up form that both sides check. */
export const signUpFields = z.object({
  name: requiredText(80, 'The name is at most 80 characters'),
  email: emailField,
  password: passwordField,
});

/**
 * `POST /api/users`: the spec's call extended with the password and the uploaded picture's URL.
 * `roll` is accepted for compatibility and ignored: a new account is always a customer.
 */
export const signUpInput = signUpFields.extend({
  photoURL: z.string().trim().max(2048).nullish(),
  roll: z.enum(ROLES).optional(),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signUpCreated = z.object({ insertedId: z.string() });

/** The browser form adds the picture file (required). */
export const signUpForm = signUpFields.extend({
  image: z.custom<FileList>(
    (value) => typeof value === 'object' && value !== null && 'length' in value && (value as FileList).length > 0,
    {
      error: REQUIRED,
    },
  ),
});
export type SignUpForm = z.infer<typeof signUpForm>;

/** `POST /api/jwt`: proof of identity for a token (never a bare e-mail). */
export const signInInput = z.object({
  email: emailField,
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type SignInInput = z.infer<typeof signInInput>;

export const tokenResponse = z.object({ token: z.string() });

/** Which sign-in options this server offers. */
export const authProviders = z.object({ google: z.boolean() });

/** The signed-in user as the client keeps it (the spec's auth user: email, displayName, photoURL). */
export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  roll: z.enum(ROLES),
  /** The account proved its e-mail is its own (a link, Google, or an account older than verification). */
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

/** Wrong e-mail or wrong password: one message, so nobody learns which accounts exist. */
export const WRONG_CREDENTIALS = 'The e-mail or password is not correct.';
export const TOO_MANY_SIGN_IN_FAILURES = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this server';

/** `POST /api/auth/password-reset`: where to send the link to set a new password. */
export const passwordResetRequest = z.object({ email: emailField });

/** One answer whether or not an account uses the e-mail, so the form tells nobody which accounts exist. */
export const PASSWORD_RESET_SENT =
  'If an account uses this e-mail, we have sent it a link to set a new password. The link works for 30 minutes.';
export const TOO_MANY_RESET_REQUESTS = (wait: string) =>
  `Too many requests for a new password. Please wait ${wait} and try again.`;

/** How long a link to set a new password works. */
export const PASSWORD_RESET_MINUTES = 30;

/** `POST /api/auth/password-reset/confirm`: the link's token and the new password (the sign-up rules). */
export const passwordResetInput = z.object({
  token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
  password: passwordField,
});
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

export const PASSWORD_RESET_INVALID =
  'This link to set a new password has expired or was already used. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your new password is set, and every device was signed out. Sign in with it.';

/** An answer that is only a sentence for the person. */
export const messageResponse = z.object({ message: z.string() });

/** One signed-in device of the caller, as the profile's "Sessions" lists it. */
export const sessionItem = z.object({
  _id: z.string(),
  /** The browser that signed in, as it named itself; null when unknown. */
  userAgent: z.string().nullable(),
  lastUsedAt: z.string(),
  createdAt: z.string(),
  /** The session this request comes from. */
  current: z.boolean(),
});
export const sessionList = z.array(sessionItem);
export const sessionParams = z.object({ id: z.uuid({ error: 'must be a session id' }) });

/** `PUT /api/auth/password`: the current password, and the new one by the sign-up rules. */
export const passwordChange = z.object({
  currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
  password: passwordField,
});
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/** What an e-mailed link proves: the account's own address, or a new one the account moves to (decision 048). */
export const EMAIL_TOKEN_PURPOSES = ['verify', 'change'] as const;

/** How long a link verifying an address (the account's, or a new one) works. */
export const EMAIL_LINK_HOURS = 24;

export { EMAIL_UNVERIFIED } from './auth-codes.ts';

/** The one refusal of a step that needs a verified e-mail (a shop, payouts, a review). */
export const verifyEmailFirst = (email: string) =>
  `Verify your e-mail address first: we sent a link to ${email}. You can send it again from the banner.`;

export const emailVerificationSent = (email: string) =>
  `We sent a link to ${email}. Open it within ${EMAIL_LINK_HOURS} hours to verify your e-mail address.`;
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already verified.';
export const TOO_MANY_EMAIL_LINKS = (wait: string) =>
  `Too many e-mails sent for this account. Please wait ${wait} and try again.`;

/** `POST /api/auth/email-verification/confirm`: the link's token (the page posts it; opening the link changes nothing). */
export const emailTokenInput = z.object({ token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200) });

export const EMAIL_LINK_INVALID =
  'This link has expired, was already used or a newer one was sent. Please ask for a new one.';
export const EMAIL_VERIFIED = 'Your e-mail address is verified. Thank you!';
export const emailChanged = (email: string) =>
  `Your e-mail address is now ${email}, and every device was signed out. Sign in with it.`;
export const EMAIL_IN_USE_NOW =
  'This address was taken by another account since the link was sent. Please choose another one.';

/** `PUT /api/users/me/email`: the new address and, to prove it is the account's owner asking, the current password. */
export const emailChange = z.object({
  email: emailField,
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type EmailChange = z.infer<typeof emailChange>;

/** One answer whether or not the new address has an account already, so the form tells nobody which accounts exist. */
export const emailChangeSent = (email: string) =>
  `Check ${email} for a link: your e-mail address changes when you open it (within ${EMAIL_LINK_HOURS} hours).`;
export const SAME_EMAIL = 'This is already your e-mail address.';
export const NO_PASSWORD_FOR_EMAIL_CHANGE =
  'Your account signs in with Google only: set a password first (Forgot password?), then change the e-mail.';

/** "n…@example.com": an address told to someone who may not own it, its name hidden but the first letter. */
export const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '…' : `${email[0]}…${email.slice(at)}`;
};
