import { forbidden } from '../../errors.ts';

/** The caller may read about `email` when it is their own, or when they are an admin. */
export function assertSelfOrAdmin(user: { roll: string; email: string }, email: string): void {
  if (user.roll !== 'admin' && user.email !== email) throw forbidden('You can only look up your own account');
}
