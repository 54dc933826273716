import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordChange } from '#contract/auth.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { storeToken } from '../../auth/session.ts';

const SESSIONS_KEY = ['auth-sessions'];

/** The signed-in user's devices, the latest used first. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => call('GET /auth/sessions') });
}

/** Signs one device out. */
export function useEndSession() {
  return useRefreshingMutation((id: string) => call('DELETE /auth/sessions/:id', { params: { id } }), [SESSIONS_KEY]);
}

/** Signs out everywhere, this device included. */
export const endAllSessions = () => call('DELETE /auth/sessions');

/** Changes the password; this device goes on with the new access token the server answers. */
export async function changePassword(input: z.infer<typeof passwordChange>): Promise<void> {
  const { token } = await call('PUT /auth/password', { body: input });
  storeToken(token);
}
