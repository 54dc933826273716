import { call } from '../../api/client.ts';

/** Saves an uploaded picture as the signed-in user's photo. */
export function savePhoto(photoURL: string) {
  return call('PATCH /users/me/photo', { body: { photoURL } });
}
