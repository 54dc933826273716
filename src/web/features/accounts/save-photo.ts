import { usersApi } from '#contract/api/users.ts';
import { call } from '../../api/client.ts';

/** Saves an uploaded picture as the signed-in user's photo. */
export function savePhoto(photoURL: string) {
  return call(usersApi.savePhoto, { body: { photoURL } });
}
