import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#contract/users.ts';
import { ADMIN, renderPage } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { UsersListPage } from './UsersListPage.tsx';

const admin = (name: string, email: string): UserRecord => ({
  _id: `id-${name}`,
  name,
  email,
  roll: 'admin',
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

describe('admin list', () => {
  it('offers Delete for every other admin and none for the signed-in admin’s own row', async () => {
    const page = {
      items: [admin('Ada', ADMIN.email), admin('Bob', 'bob@example.com')],
      total: 2,
      page: 1,
      limit: 20,
      pages: 1,
    };
    renderPage(<UsersListPage roll="admin" />, { user: ADMIN, routes: { 'GET /api/users/admin': page } });
    expect(await screen.findByRole('heading', { name: 'Admin List: 2' })).toBeTruthy();
    const [own, other] = tableRows('Users');
    expect(within(own).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(own).getByText('You')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete Bob' })).toBeTruthy();
  });
});
