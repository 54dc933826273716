import { z } from 'zod';

/** The spec's message for an empty required field. */
export const REQUIRED = 'This field is required';

/** A required text field: missing, empty or blank all answer 'This field is required'. */
export function requiredText(max: number, tooLong = `At most ${max} characters`) {
  return z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong);
}

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const phoneField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a valid phone number');
