import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';

/** The profile's own details (issue 31, item 3): name, phone and default address, read and changed by the person only. */
const t = setupTestApp();

describe('GET and PUT /api/users/me/details', () => {
  it('changes the name and phone; the new name is the account’s at once; an empty phone removes it', async () => {
    const user = await createUser(t, { name: 'Ada Before' });
    const read = () => t.app.inject({ url: '/api/users/me/details', headers: user.auth });
    const none = { address: null, postcode: null };
    expect((await read()).json()).toEqual({ name: 'Ada Before', phone: null, ...none });

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me/details', headers: user.auth, payload });
    const saved = await put({ name: 'Ada After', phone: '+1 503 555 0199' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ name: 'Ada After', phone: '+1 503 555 0199', ...none });
    expect((await t.app.inject({ url: '/api/users/me', headers: user.auth })).json()).toMatchObject({
      displayName: 'Ada After',
    });

    const wrong = await put({ name: '', phone: 'call me' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ name: 'This field is required', phone: 'Enter a valid phone number' });
    expect((await read()).json()).toEqual({ name: 'Ada After', phone: '+1 503 555 0199', ...none });

    expect((await put({ name: 'Ada After', phone: '' })).json()).toEqual({ name: 'Ada After', phone: null, ...none });
  });

  it('keeps a default delivery address, which the cart’s plan starts from until checkout is given another', async () => {
    const user = await createUser(t);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me/details', headers: user.auth, payload });
    const plan = async () =>
      (await t.app.inject({ url: '/api/cart/fulfilment', headers: user.auth })).json().deliveryAddress;
    expect(await plan()).toBeNull();

    const half = await put({ name: 'Ada', phone: '', address: '12 Orchard Lane, Hood River', postcode: '' });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields).toEqual({ postcode: 'Enter the ZIP code of this address' });
    const orphan = await put({ name: 'Ada', phone: '', address: '', postcode: '97031' });
    expect(orphan.json().error.fields).toEqual({ address: 'Enter the street address for this ZIP code' });

    const saved = await put({ name: 'Ada', phone: '', address: ' 12 Orchard Lane, Hood River ', postcode: '97031' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ address: '12 Orchard Lane, Hood River', postcode: '97031' });
    expect(await plan()).toEqual({ address: '12 Orchard Lane, Hood River', postcode: '97031' });

    const given = { address: '5 Market St, Portland', postcode: '97204' };
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/delivery-address',
      headers: user.auth,
      payload: given,
    });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    expect(await plan()).toEqual(given);

    const cleared = await put({ name: 'Ada', phone: '', address: '', postcode: '' });
    expect(cleared.json()).toMatchObject({ address: null, postcode: null });
  });

  it('is the signed-in person’s own: 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/users/me/details' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/me/details', payload: { name: 'X', phone: '' } });
    expect(put.statusCode).toBe(401);
  });
});
