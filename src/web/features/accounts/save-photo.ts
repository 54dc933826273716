import type { AuthUser } from '#contract/auth.ts';
import { api } from '../../api/client.ts';

/** Saves an uploaded picture as the signed-in user's photo. */
export function savePhoto(photoURL: string) {
  return api<AuthUser>('/users/me/photo', { method: 'PATCH', body: { photoURL } });
}
