import { describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD } from '#contract/auth.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';

/** The caller's signed-in devices (issue 31, items 3 and 6): listed, signed out one by one or all, and a new password. */
const t = setupTestApp();

const signIn = async (email: string, password: string, device: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    payload: { email, password },
    headers: { 'user-agent': device },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'farmstall_refresh')?.value as string;
  return { auth: { authorization: `Bearer ${response.json().token}` }, cookie };
};
const me = (auth: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers: auth });
const sessions = (auth: Record<string, string>) => t.app.inject({ url: '/api/auth/sessions', headers: auth });

describe('signed-in devices', () => {
  it('lists them, marks this one, and signs one out without the others', async () => {
    const user = await createUser(t);
    const phone = await signIn(user.email, user.password, 'Phone browser');
    const laptop = await signIn(user.email, user.password, 'Laptop browser');
    const listed = await sessions(phone.auth);
    expect(listed.statusCode).toBe(200);
    const items = listed.json() as { _id: string; userAgent: string; current: boolean }[];
    expect(items.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      ['Laptop browser', false],
      ['Phone browser', true],
    ]);
    const laptopId = items.find((s) => !s.current)?._id as string;

    const stranger = await createUser(t);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopId}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${laptopId}`, headers: phone.auth });
    expect(ended.statusCode).toBe(204);
    expect((await me(laptop.auth)).statusCode).toBe(401);
    expect((await me(phone.auth)).statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { farmstall_refresh: laptop.cookie },
    });
    expect(renewed.statusCode).toBe(401);
    const after = await sessions(phone.auth);
    expect(after.json(), after.body).toHaveLength(1);
  });

  it('signs out everywhere, this device included', async () => {
    const user = await createUser(t);
    const phone = await signIn(user.email, user.password, 'Phone browser');
    const laptop = await signIn(user.email, user.password, 'Laptop browser');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: phone.auth })).statusCode).toBe(
      204,
    );
    expect((await me(phone.auth)).statusCode).toBe(401);
    expect((await me(laptop.auth)).statusCode).toBe(401);
  });

  it('changes the password with the current one: other devices are out, this one goes on with a new token', async () => {
    const user = await createUser(t);
    const phone = await signIn(user.email, user.password, 'Phone browser');
    const laptop = await signIn(user.email, user.password, 'Laptop browser');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: phone.auth,
        payload: { currentPassword, password: 'Changed#2026' },
      });
    const wrong = await change('not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });

    const done = await change(user.password);
    expect(done.statusCode, done.body).toBe(200);
    expect((await me({ authorization: `Bearer ${done.json().token}` })).statusCode).toBe(200);
    expect((await me(laptop.auth)).statusCode).toBe(401);
    // The old access token of this device carried the old token version.
    expect((await me(phone.auth)).statusCode).toBe(401);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { farmstall_refresh: phone.cookie },
    });
    expect(renewed.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { email: user.email, password: 'Changed#2026' },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
