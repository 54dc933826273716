/** The stats module's public functions: the admin's figures, also what a restore reports it brought back. */
export { getAdminStats } from './service.ts';
