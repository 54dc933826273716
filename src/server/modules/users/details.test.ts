import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';

/** The profile's own details (issue 31, item 3): name and phone, read and changed by the person only. */
const t = setupTestApp();

describe('GET and PUT /api/users/me/details', () => {
  it('changes the name and phone; the new name is the account’s at once; an empty phone removes it', async () => {
    const user = await createUser(t, { name: 'Ada Before' });
    const read = () => t.app.inject({ url: '/api/users/me/details', headers: user.auth });
    expect((await read()).json()).toEqual({ name: 'Ada Before', phone: null });

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me/details', headers: user.auth, payload });
    const saved = await put({ name: 'Ada After', phone: '+1 503 555 0199' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ name: 'Ada After', phone: '+1 503 555 0199' });
    expect((await t.app.inject({ url: '/api/users/me', headers: user.auth })).json()).toMatchObject({
      displayName: 'Ada After',
    });

    const wrong = await put({ name: '', phone: 'call me' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ name: 'This field is required', phone: 'Enter a valid phone number' });
    expect((await read()).json()).toEqual({ name: 'Ada After', phone: '+1 503 555 0199' });

    expect((await put({ name: 'Ada After', phone: '' })).json()).toEqual({ name: 'Ada After', phone: null });
  });

  it('is the signed-in person’s own: 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/users/me/details' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/me/details', payload: { name: 'X', phone: '' } });
    expect(put.statusCode).toBe(401);
  });
});
