import type { Role } from '#contract/roles.ts';
import { signAccessToken } from '../modules/auth/index.ts';
import { shops } from '../modules/shops/tables.ts';
import { hashPassword } from '../modules/users/index.ts';
import { users } from '../modules/users/tables.ts';
import { madeBeforeAll, type TestContext } from './app.ts';

export type TestUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  token: string;
  /** Headers that sign a request in as this user. */
  auth: { authorization: string };
};

let counter = 0;

/**
 * Inserts a user (a vendor gets a shop) and signs an access token for it. Its e-mail is verified unless
 * `verified: false` (a fresh password sign-up's state).
 */
export async function createUser(
  t: TestContext,
  options: {
    role?: Role;
    email?: string;
    name?: string;
    password?: string;
    membership?: 'normal' | 'premium';
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const role = options.role ?? 'customer';
  const email = (
    options.email ?? `${role}${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
  ).toLowerCase();
  const name = options.name ?? `Test ${role} ${counter}`;
  const password = options.password ?? 'Secret#123';
  const [row] = await t.db
    .insert(users)
    .values({
      name,
      email,
      role,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  if (role === 'vendor') {
    await t.db.insert(shops).values({
      vendorId: row.id,
      name: `${name}'s Farm`,
      image: '/uploads/shop.webp',
      address: '1 Market Street, Springfield',
      phone: '+1 555 000 1111',
      established: '2015-04-01',
      membership: options.membership ?? 'normal',
    });
  }
  const token = await signAccessToken({ sub: row.id, email, role, ver: 0 }, t.app.secrets.jwtSecret);
  return { id: row.id, email, name, role, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A user the test file creates once, before its tests (after its app, when declared after setupTestApp). */
export function setupUser(t: TestContext, options: Parameters<typeof createUser>[1] = {}): TestUser {
  return madeBeforeAll(() => createUser(t, options));
}
