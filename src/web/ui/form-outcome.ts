import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../api/client.ts';
import { toast } from './toast.ts';

/**
 * Sends a form's request and tells how it went in a toast: `success` (made from the answer) when it worked, the
 * error's message when it did not. True when it worked.
 */
export async function sendWithToast<T>(send: () => Promise<T>, success: string | ((answer: T) => string)) {
  try {
    const answer = await send();
    toast.success(typeof success === 'string' ? success : success(answer));
    return true;
  } catch (failure) {
    toast.error(errorMessage(failure));
    return false;
  }
}

/**
 * Puts a refused request's messages per field (an ApiError's `fields`, named as the form's fields) under those
 * fields. False when the failure named no field: then the caller says what went wrong.
 */
export function showFieldErrors<T extends FieldValues>(form: { setError: UseFormSetError<T> }, failure: unknown) {
  const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
  for (const [name, message] of Object.entries(fields)) form.setError(name as Path<T>, { message });
  return Object.keys(fields).length > 0;
}
