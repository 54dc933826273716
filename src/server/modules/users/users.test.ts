import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { categories, products } from '../catalog/tables.ts';
import { shops } from '../shops/tables.ts';
import { users } from './tables.ts';

const t = setupTestApp();

type Callers = { customer: TestUser; other: TestUser; vendor: TestUser; admin: TestUser };
let who: Callers;
beforeEach(async () => {
  who = {
    customer: await createUser(t),
    other: await createUser(t),
    vendor: await createUser(t, { role: 'vendor' }),
    admin: await createUser(t, { role: 'admin' }),
  };
});

/** The user's role and its shop row (null when it has none). */
async function roleAndShop(id: string) {
  const [row] = await t.db
    .select({ role: users.role, shop: shops })
    .from(users)
    .leftJoin(shops, eq(shops.vendorId, users.id))
    .where(eq(users.id, id));
  return row;
}

const shopInput = {
  shop: 'Green Acres',
  date: '2019-05-01',
  address: '12 Orchard Lane, Springfield',
  phone: '+1 555 222 3333',
  image: '/uploads/green-acres.webp',
};

describe('POST /api/users (sign-up)', () => {
  const valid = { name: 'Nia Shopper', email: 'Nia@Example.com', password: 'Fresh#123', photoURL: '/uploads/nia.webp' };

  it('creates a customer whatever roll the body says, and never answers with the hash', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users', payload: { ...valid, roll: 'admin' } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['insertedId']);
    const [row] = await t.db.select().from(users).where(eq(users.id, body.insertedId));
    expect(row).toMatchObject({
      email: 'nia@example.com',
      name: 'Nia Shopper',
      role: 'customer',
      photoUrl: '/uploads/nia.webp',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(response.body).not.toContain('argon2');
  });

  it('answers a taken e-mail with 409', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { ...valid, email: who.customer.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('already exists');
  });

  it('checks the fields with the spec messages', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      name: 'This field is required',
      email: 'This field is required',
      password: 'password is required',
    });
    const cases = [
      ['Ab#1', 'Password must be 6 character'],
      ['Abcdef#123456789012345', 'Password less than 20 character'],
      ['abcdefgh', 'Password must have one upper case one lower case one number one special charcter'],
      ['Abcdefg1', 'Password must have one upper case one lower case one number one special charcter'],
    ];
    for (const [password, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', payload: { ...valid, password } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.password).toBe(message);
    }
  });
});

describe('GET /api/users/me', () => {
  it('needs a token and answers the caller', async () => {
    expect((await t.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/users/me', headers: who.vendor.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: who.vendor.id,
      email: who.vendor.email,
      displayName: who.vendor.name,
      photoURL: null,
      roll: 'vendor',
      emailVerified: true,
    });
  });
});

describe('PATCH /api/users/me/photo', () => {
  const setPhoto = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/me/photo', headers, payload: payload as object });

  it('saves the picture uploaded after sign-up as the caller’s photo, and only theirs', async () => {
    const response = await setPhoto(who.customer.auth, { photoURL: ' /uploads/pat.webp ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: who.customer.id, photoURL: '/uploads/pat.webp' });
    const me = await t.app.inject({ url: '/api/users/me', headers: who.customer.auth });
    expect(me.json().photoURL).toBe('/uploads/pat.webp');
    const [other] = await t.db.select().from(users).where(eq(users.id, who.other.id));
    expect(other.photoUrl).toBeNull();
  });

  it('401 without a token; 400 naming photoURL when it is missing, empty or too long', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/photo',
      payload: { photoURL: '/uploads/x.webp' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [{}, { photoURL: '  ' }, { photoURL: `/uploads/${'a'.repeat(2048)}` }]) {
      const response = await setPhoto(who.customer.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['photoURL']);
    }
  });
});

describe('GET /api/users/admin/:email and /api/users/vendor/:email', () => {
  it('answer the caller about themselves', async () => {
    for (const key of ['customer', 'vendor', 'admin'] as const) {
      const user = who[key];
      const admin = await t.app.inject({ url: `/api/users/admin/${user.email}`, headers: user.auth });
      const vendor = await t.app.inject({ url: `/api/users/vendor/${user.email}`, headers: user.auth });
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({ admin: key === 'admin' });
      expect(vendor.json()).toEqual({ vendor: key === 'vendor' });
    }
  });

  it('401 without a token, 403 about someone else, unless the caller is an admin', async () => {
    expect((await t.app.inject({ url: `/api/users/admin/${who.customer.email}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/vendor/${who.customer.email}` })).statusCode).toBe(401);
    for (const caller of [who.other, who.vendor]) {
      const response = await t.app.inject({ url: `/api/users/admin/${who.customer.email}`, headers: caller.auth });
      expect(response.statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: `/api/users/vendor/${who.admin.email}`, headers: caller.auth })).statusCode,
      ).toBe(403);
    }
    const byAdmin = await t.app.inject({ url: `/api/users/vendor/${who.vendor.email}`, headers: who.admin.auth });
    expect(byAdmin.json()).toEqual({ vendor: true });
  });
});

describe('GET /api/users/info', () => {
  it('gives the caller their own record with shop fields as an array', async () => {
    const response = await t.app.inject({ url: `/api/users/info?email=${who.vendor.email}`, headers: who.vendor.auth });
    expect(response.statusCode).toBe(200);
    const [record] = response.json();
    expect(record).toMatchObject({
      _id: who.vendor.id,
      email: who.vendor.email,
      roll: 'vendor',
      shop: `${who.vendor.name}'s Farm`,
      membership: 'normal',
    });
    expect(record).not.toHaveProperty('passwordHash');
  });

  it('401 without a token, 403 for another user, any user for an admin', async () => {
    expect((await t.app.inject({ url: `/api/users/info?email=${who.customer.email}` })).statusCode).toBe(401);
    for (const caller of [who.other, who.vendor]) {
      const response = await t.app.inject({ url: `/api/users/info?email=${who.customer.email}`, headers: caller.auth });
      expect(response.statusCode).toBe(403);
    }
    const byAdmin = await t.app.inject({ url: `/api/users/info?email=${who.customer.email}`, headers: who.admin.auth });
    expect(byAdmin.json()).toHaveLength(1);
    const unknown = await t.app.inject({ url: '/api/users/info?email=nobody@example.com', headers: who.admin.auth });
    expect(unknown.json()).toEqual([]);
  });
});

describe('GET /api/users/customer|vendor|admin', () => {
  it('lists each role for an admin, as the spec array or one page', async () => {
    for (const role of ['customer', 'vendor', 'admin'] as const) {
      const response = await t.app.inject({ url: `/api/users/${role}?roll=${role}`, headers: who.admin.auth });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((u: { roll: string }) => u.roll === role)).toBe(true);
    }
    const all = (await t.app.inject({ url: '/api/users/customer', headers: who.admin.auth })).json();
    const page = await t.app.inject({ url: '/api/users/customer?page=2&limit=1', headers: who.admin.auth });
    expect(page.json()).toMatchObject({ total: all.length, page: 2, limit: 1 });
    expect(page.json().items).toEqual([all[1]]);
  });

  it('finds accounts by a part of the name or e-mail, in any case, with % and _ taken as typed', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await createUser(t, { name: `Ann ${tag}brook`, email: `ann.${tag}@farm.example` });
    const bob = await createUser(t, { name: `Bob 100%_${tag}`, email: `bob-${tag}@mail.example` });
    const vera = await createUser(t, { role: 'vendor', name: `Vera ${tag}` });
    const find = async (role: string, q: string, page = '&page=1&limit=10') => {
      const url = `/api/users/${role}?q=${encodeURIComponent(q)}${page}`;
      const response = await t.app.inject({ url, headers: who.admin.auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const emails = (page: { items: { email: string }[] }) => page.items.map((u) => u.email);
    expect(emails(await find('customer', `${tag.toUpperCase()}BROOK`))).toEqual([ann.email]);
    expect(emails(await find('customer', `-${tag}@MAIL`))).toEqual([bob.email]);
    expect(await find('customer', ` ${tag} `)).toMatchObject({ total: 2, page: 1 });
    expect(emails(await find('customer', `%_${tag}`))).toEqual([bob.email]);
    expect(await find('customer', `%${tag}b`)).toMatchObject({ total: 0, items: [] });
    expect(emails(await find('vendor', tag))).toEqual([vera.email]);
    expect((await find('customer', tag, '')).map((u: { email: string }) => u.email)).toEqual([ann.email, bob.email]);

    const long = await t.app.inject({ url: `/api/users/customer?q=${'x'.repeat(101)}`, headers: who.admin.auth });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.q).toBe('At most 100 characters');
  });

  it('401 without a token, 403 for customers and vendors', async () => {
    expect((await t.app.inject({ url: '/api/users/customer' })).statusCode).toBe(401);
    for (const caller of [who.customer, who.vendor]) {
      for (const role of ['customer', 'vendor', 'admin']) {
        expect((await t.app.inject({ url: `/api/users/${role}`, headers: caller.auth })).statusCode).toBe(403);
      }
    }
  });
});

describe('PATCH /api/users/admin/:id', () => {
  /** An admin makes the user of that id an admin. */
  const makeAdmin = (id: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/admin/${id}`, headers: who.admin.auth });

  it('lets an admin make a customer an admin', async () => {
    const response = await makeAdmin(who.customer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const flag = await t.app.inject({ url: `/api/users/admin/${who.customer.email}`, headers: who.customer.auth });
    expect(flag.json()).toEqual({ admin: true });
    const again = await makeAdmin(who.customer.id);
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses vendors (409), unknown ids (404) and bad ids (400)', async () => {
    const vendor = await makeAdmin(who.vendor.id);
    expect(vendor.statusCode).toBe(409);
    const unknown = await makeAdmin('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await makeAdmin('not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('401 without a token, 403 for customers (even themselves) and vendors', async () => {
    const url = `/api/users/admin/${who.customer.id}`;
    expect((await t.app.inject({ method: 'PATCH', url })).statusCode).toBe(401);
    for (const caller of [who.customer, who.other, who.vendor]) {
      expect((await t.app.inject({ method: 'PATCH', url, headers: caller.auth })).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, who.customer.id));
    expect(row.role).toBe('customer');
  });
});

describe('PATCH /api/users/email/:email (vendor registration)', () => {
  const register = (caller: TestUser, payload: object, email = caller.email) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/email/${email}`, headers: caller.auth, payload });

  it('makes the caller a vendor with membership normal, ignoring a roll or membership in the body', async () => {
    const response = await register(who.customer, { ...shopInput, roll: 'vendor', membership: 'normal' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleAndShop(who.customer.id)).toMatchObject({
      role: 'vendor',
      shop: {
        membership: 'normal',
        badge: null,
        name: 'Green Acres',
        established: '2019-05-01',
        address: shopInput.address,
        phone: shopInput.phone,
        image: shopInput.image,
      },
    });
  });

  it('makes the vendor and opens its shop in one transaction: when the shop cannot be saved, the role stays', async () => {
    await t.db.execute(sql`
      CREATE FUNCTION refuse_shop() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no shop today'; END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_shop BEFORE INSERT ON shops FOR EACH ROW EXECUTE FUNCTION refuse_shop()`,
    );
    try {
      const response = await register(who.customer, shopInput);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_shop ON shops`);
      await t.db.execute(sql`DROP FUNCTION refuse_shop()`);
    }
    expect(await roleAndShop(who.customer.id)).toEqual({ role: 'customer', shop: null });
  });

  it("takes the caller's own e-mail in any case and spacing (the parsed address is normalised)", async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/email/${encodeURIComponent(` ${who.customer.email.toUpperCase()} `)}`,
      headers: who.customer.auth,
      payload: shopInput,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.customer.id));
    expect(row.role).toBe('vendor');
  });

  it('rejects a premium membership smuggled in the body and lists every missing field', async () => {
    const premium = await register(who.customer, { ...shopInput, membership: 'premium' });
    expect(premium.statusCode).toBe(400);
    const empty = await register(who.customer, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      shop: 'This field is required',
      date: 'This field is required',
      address: 'This field is required',
      phone: 'This field is required',
      image: 'This field is required',
    });
  });

  it('401 without a token, 403 for another account (even for an admin), 403 for an admin itself', async () => {
    const url = `/api/users/email/${who.customer.email}`;
    expect((await t.app.inject({ method: 'PATCH', url, payload: shopInput })).statusCode).toBe(401);
    for (const caller of [who.other, who.vendor, who.admin]) {
      const response = await t.app.inject({ method: 'PATCH', url, headers: caller.auth, payload: shopInput });
      expect(response.statusCode).toBe(403);
    }
    const own = await register(who.admin, shopInput);
    expect(own.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.customer.id));
    expect(row.role).toBe('customer');
  });

  it('lets a vendor update its own shop and keeps its membership', async () => {
    const response = await register(who.vendor, { ...shopInput, shop: 'Renamed Farm' });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleAndShop(who.vendor.id)).toMatchObject({
      role: 'vendor',
      shop: { name: 'Renamed Farm', membership: 'normal' },
    });
  });
});

describe('no admin lowers their own role', () => {
  const asAdmin = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.admin.auth, payload });

  it('no route takes the caller’s admin role away: Make Admin changes nothing, a shop and deleting are refused', async () => {
    const promoted = await asAdmin('PATCH', `/api/users/admin/${who.admin.id}`);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({ modifiedCount: 0 });
    const vendor = await asAdmin('PATCH', `/api/users/email/${who.admin.email}`, shopInput);
    expect(vendor.statusCode).toBe(403);
    expect(vendor.json().error.message).toBe('An admin account cannot register a shop.');
    const deleted = await asAdmin('DELETE', `/api/users/admin/${who.admin.email}`);
    expect(deleted.statusCode).toBe(409);
    expect(await roleAndShop(who.admin.id)).toEqual({ role: 'admin', shop: null });
    const me = await t.app.inject({ url: '/api/users/me', headers: who.admin.auth });
    expect(me.json()).toMatchObject({ roll: 'admin' });
  });

  it('nor another admin’s: Make Admin on an admin leaves it an admin; only deleting ends it', async () => {
    const other = await createUser(t, { role: 'admin' });
    expect((await asAdmin('PATCH', `/api/users/admin/${other.id}`)).json()).toEqual({ modifiedCount: 0 });
    expect((await asAdmin('PATCH', `/api/users/email/${other.email}`, shopInput)).statusCode).toBe(403);
    expect(await roleAndShop(other.id)).toEqual({ role: 'admin', shop: null });
  });
});

describe('DELETE /api/users/customer|vendor|admin/:email', () => {
  /** An admin disables the user of that e-mail from one of the three lists. */
  const disable = (list: string, email: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${list}/${email}`, headers: who.admin.auth });

  it('disables a customer, whose token stops working at once', async () => {
    const response = await disable('customer', who.customer.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ url: '/api/users/me', headers: who.customer.auth })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.customer.id));
    expect(row.disabledAt).not.toBeNull();
    const list = (await t.app.inject({ url: '/api/users/customer', headers: who.admin.auth })).json();
    expect(list.map((u: { email: string }) => u.email)).not.toContain(who.customer.email);
    const again = await disable('customer', who.customer.email);
    expect(again.statusCode).toBe(404);
  });

  it('unlists a deleted vendor’s products and keeps them in the database', async () => {
    const [category] = await t.db.select().from(categories).limit(1);
    const product = await createProduct(t, who.vendor, {
      name: 'Heirloom tomatoes',
      imageUrl: '/uploads/tomato.webp',
      category: category.value,
      details: 'Sweet and red',
      productionCostCents: 300,
      profitMarginBp: 2000,
      priceCents: 360,
      unit: category.unit,
      manufacturedOn: '2026-01-01',
    });
    const response = await disable('vendor', who.vendor.email);
    expect(response.json()).toEqual({ deletedCount: 1 });
    const [after] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(after.listed).toBe(false);
  });

  it('answers 404 when the e-mail is not a user of that role', async () => {
    const response = await disable('admin', who.customer.email);
    expect(response.statusCode).toBe(404);
  });

  it('never deletes the caller’s own account, so never the last admin', async () => {
    const self = await disable('admin', who.admin.email.toUpperCase());
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot delete your own account. Another admin can.');
    const admins = (await t.app.inject({ url: '/api/users/admin', headers: who.admin.auth })).json() as {
      email: string;
    }[];
    for (const other of admins.filter((a) => a.email !== who.admin.email)) {
      const response = await disable('admin', other.email);
      expect(response.json()).toEqual({ deletedCount: 1 });
    }
    const last = await disable('admin', who.admin.email);
    expect(last.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/users/me', headers: who.admin.auth })).statusCode).toBe(200);
  });

  it('401 without a token, 403 for customers and vendors', async () => {
    for (const role of ['customer', 'vendor', 'admin'] as const) {
      const url = `/api/users/${role}/${who[role].email}`;
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
      for (const caller of [who.customer, who.other, who.vendor]) {
        expect((await t.app.inject({ method: 'DELETE', url, headers: caller.auth })).statusCode).toBe(403);
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, who.customer.id));
    expect(row.disabledAt).toBeNull();
  });
});
