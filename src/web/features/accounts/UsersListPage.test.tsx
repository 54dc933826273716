import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '#contract/roles.ts';
import type { UserRecord } from '#contract/users.ts';
import { ADMIN, renderPage } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { UsersListPage } from './UsersListPage.tsx';

const person = (name: string, email: string, roll: Role = 'admin'): UserRecord => ({
  _id: `id-${name}`,
  name,
  email,
  roll,
  photoURL: null,
  shop: null,
  image: null,
  address: null,
  phone: null,
  date: null,
  membership: null,
  badge: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const pageOf = (items: UserRecord[]) => ({ items, total: items.length, page: 1, limit: 20, pages: 1 });

const SIGNED_OUT =
  'Cara (cara@example.com) is signed out everywhere at once and can no longer sign in; their name, e-mail, phone, addresses and photo are erased, and the address can sign up again as a new account.';
const NO_REVERT = "You won't be able to revert this!";

/** What the delete dialog says for each kind of account: what the server's delete does to its data. */
const AFTER_DELETE: Record<Role, string[]> = {
  customer: [
    SIGNED_OUT,
    'Their orders, payments and invoices stay on record with amounts, dates and products, without their personal data; an account with an open order can be deleted once it is delivered.',
    'Their reviews stay on the products, under “Former customer”.',
    NO_REVERT,
  ],
  vendor: [
    SIGNED_OUT,
    'Their shop leaves the shop list and its page closes; all their products are taken off sale.',
    'A shop with an open order or a balance not yet paid out cannot be deleted yet: the refusal says what remains.',
    'Their sales and membership payments stay on record, without their personal data.',
    NO_REVERT,
  ],
  admin: [
    SIGNED_OUT,
    'They lose the admin dashboard; the coupons they created keep running.',
    'Any orders, invoices and reviews from before they were an admin stay on record.',
    NO_REVERT,
  ],
};

/** The list of `roll` with Cara in it, as the signed-in admin Ada sees it; `routes` answer the actions. */
function renderList(roll: Role, routes: Record<string, unknown> = {}) {
  return renderPage(<UsersListPage roll={roll} />, {
    user: ADMIN,
    routes: { [`GET /api/users/${roll}`]: pageOf([person('Cara', 'cara@example.com', roll)]), ...routes },
  });
}

const linesOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const actions = (requests: Request[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${decodeURIComponent(new URL(r.url).pathname)}`);

describe('search in a list', () => {
  it('asks the server for the accounts matching the text, keeps the list’s own count and says how many match', async () => {
    const everyone = [person('Cara', 'cara@example.com', 'customer'), person('Dan', 'dan@farm.example', 'customer')];
    const { requests } = renderPage(<UsersListPage roll="customer" />, {
      user: ADMIN,
      routes: {
        'GET /api/users/customer': (request: Request) => {
          const q = new URL(request.url).searchParams.get('q') ?? '';
          const found = everyone.filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(q.toLowerCase()));
          return { body: pageOf(found) };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'User List: 2' })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), ' FARM ');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 account matches “FARM”'));
    expect(tableRows('Users').map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'dan@farm.example',
    ]);
    expect(screen.getByRole('heading', { name: 'User List: 2' })).toBeTruthy();
    expect(requests.map((r: Request) => new URL(r.url).searchParams.get('q')).at(-1)).toBe('FARM');

    await userEvent.type(screen.getByRole('searchbox'), 'x');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No account matches “FARM x”'));
    expect(screen.getAllByText('No accounts to show.').length).toBeGreaterThan(0);
  });
});

describe('admin list', () => {
  it('offers Delete for every other admin and none for the signed-in admin’s own row', async () => {
    renderPage(<UsersListPage roll="admin" />, {
      user: ADMIN,
      routes: { 'GET /api/users/admin': pageOf([person('Ada', ADMIN.email), person('Bob', 'bob@example.com')]) },
    });
    expect(await screen.findByRole('heading', { name: 'Admin List: 2' })).toBeTruthy();
    const [own, other] = tableRows('Users');
    expect(within(own).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(own).getByText('You')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete Bob' })).toBeTruthy();
  });
});

describe('asking before changing an account', () => {
  for (const roll of ['customer', 'vendor', 'admin'] as const) {
    it(`says what deleting ${roll === 'admin' ? 'an' : 'a'} ${roll}’s account does to its data, and Cancel deletes nothing`, async () => {
      const { requests } = renderList(roll);
      const button = await screen.findByRole('button', { name: 'Delete Cara' });
      await userEvent.click(button);
      const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
      expect(linesOf(dialog)).toEqual(AFTER_DELETE[roll]);
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(button);
      expect(actions(requests)).toEqual([]);
    });
  }

  it('deletes once confirmed', async () => {
    const { requests } = renderList('vendor', { 'DELETE /api/users/vendor/cara%40example.com': { deletedCount: 1 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Cara' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    await waitFor(() => expect(actions(requests)).toEqual(['DELETE /api/users/vendor/cara@example.com']));
    expect(await screen.findByText('Cara has been deleted.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Cara has been deleted.')).toBeNull());
  });

  it('says what Make Admin gives, and makes the admin once confirmed', async () => {
    const { requests } = renderList('customer', { 'PATCH /api/users/admin/id-Cara': { modifiedCount: 1 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Admin: Cara' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Cara an admin?' });
    expect(linesOf(dialog)).toEqual([
      'Cara gets the admin dashboard: business statistics, every customer, vendor and admin account (Make Admin and Delete), coupons, reported reviews and contact messages.',
      'As an admin they no longer shop: the cart, checkout and opening a shop are for customers. Their past orders and invoices stay theirs.',
      'This cannot be undone from the site: an admin is never made a customer again, only deleted by another admin.',
    ]);
    expect(actions(requests)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, make admin!' }));
    await waitFor(() => expect(actions(requests)).toEqual(['PATCH /api/users/admin/id-Cara']));
  });
});
