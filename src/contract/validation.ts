import { z } from 'zod';

/** The spec's message for an empty required field. */
export const REQUIRED = 'This field is required';

/**
 * Every text field of a request is bounded first: `abort` stops a too-long value there, so no later pattern,
 * refinement or transform ever runs on it (zod runs every check otherwise, even after one failed).
 */
export const abortWith = (error: string) => ({ error, abort: true }) as const;

/** A required text field: missing, empty or blank all answer 'This field is required'. */
export function requiredText(max: number, tooLong = `At most ${max} characters`) {
  return z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, abortWith(tooLong));
}

/** An id: a uuid, bounded before its pattern runs. */
export const uuidField = (error: string) => z.string({ error }).max(36, abortWith(error)).check(z.uuid({ error }));

/** The one way an e-mail address is compared and stored: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An e-mail address; the parsed value is already normalised (use it as it is). */
export const emailField = z
  .string({ error: REQUIRED })
  .overwrite(normalizeEmail)
  .min(1, REQUIRED)
  .max(254, abortWith('E-mail is too long'))
  .pipe(z.email('Enter a valid e-mail address'));

export const phoneField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(30, abortWith('Enter a valid phone number'))
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a valid phone number');
