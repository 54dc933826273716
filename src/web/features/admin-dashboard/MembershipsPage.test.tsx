import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MembershipPlan, MembershipPlanInput } from '#contract/membership-plans.ts';
import { ADMIN, renderPage } from '../../test/render.tsx';
import { MembershipsPage } from './MembershipsPage.tsx';

const NORMAL: MembershipPlan = {
  key: 'normal',
  name: 'Normal',
  productLimit: 5,
  price: 0,
  billing: 'free',
  commissionPercent: 10,
  goldBadge: false,
  position: 0,
  active: true,
};
const PREMIUM: MembershipPlan = {
  ...NORMAL,
  key: 'premium',
  name: 'Premium',
  productLimit: null,
  price: 1000,
  billing: 'one-off',
  commissionPercent: 5,
  goldBadge: true,
  position: 1,
};

describe('the admin’s memberships page', () => {
  it('lists the plans, refuses a limit of 0 beside its field, then saves the normal plan’s new limit', async () => {
    let plans = [NORMAL, PREMIUM];
    const saved: { key: string; body: MembershipPlanInput }[] = [];
    const { requests } = renderPage(<MembershipsPage />, {
      user: ADMIN,
      routes: {
        'GET /api/admin/membership-plans': () => ({ body: { plans } }),
        'PUT /api/admin/membership-plans/normal': async (request: Request) => {
          const body = (await request.json()) as MembershipPlanInput;
          saved.push({ key: 'normal', body });
          plans = [{ ...NORMAL, productLimit: body.productLimit ?? null }, PREMIUM];
          return { body: plans[0] };
        },
      },
    });
    expect(await screen.findByText('$1,000.00 once')).toBeTruthy();
    expect(screen.getByText('Unlimited products')).toBeTruthy();
    expect(screen.getByText('5 products')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Normal' }));
    const form = screen.getByRole('form', { name: 'Edit the Normal membership' });
    const limit = within(form).getByLabelText('Products it allows');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save membership' }));
    expect(await screen.findByText('The product limit is at least 1, or choose unlimited')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.type(limit, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save membership' }));
    expect(await screen.findByText('20 products')).toBeTruthy();
    expect(saved[0].body).toMatchObject({ name: 'Normal', unlimited: false, productLimit: 20, billing: 'free' });
  });
});
