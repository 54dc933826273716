import { forbidden } from '../../errors.ts';

/** The caller may read about `email` when it is their own, or when they are an admin. */
export function assertSelfOrAdmin(user: { role: string; email: string }, email: string): void {
  if (user.role !== 'admin' && user.email !== email) throw forbidden('You can only look up your own account');
}
