import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#contract/categories.ts';
import type { TaxInput, TaxSetting } from '#contract/tax.ts';
import { ADMIN, renderPage } from '../../test/render.tsx';
import { TaxPage } from './TaxPage.tsx';

const setting = (pricesIncludeTax: boolean, percents: Record<string, number>, since: string): TaxSetting => ({
  _id: since,
  pricesIncludeTax,
  rates: CATEGORIES.map((c) => ({ category: c.value, label: c.label, percent: percents[c.value] ?? 0 })),
  since,
});

describe('the admin’s tax page', () => {
  it('refuses a rate over 30% beside its field, then saves the rates and whether prices include tax', async () => {
    let current = setting(false, {}, '2026-11-01T00:00:00.000Z');
    let saved: TaxInput | null = null;
    const history: TaxSetting[] = [];
    const { requests } = renderPage(<TaxPage />, {
      user: ADMIN,
      routes: {
        'GET /api/admin/tax': () => ({ body: { current, history } }),
        'PUT /api/admin/tax': async (request: Request) => {
          saved = await request.json();
          history.unshift(current);
          current = setting(saved?.pricesIncludeTax ?? false, saved?.rates ?? {}, '2026-11-24T00:00:00.000Z');
          return { body: { current, history } };
        },
      },
    });
    expect(await screen.findByText('No tax')).toBeTruthy();

    const vegetables = screen.getByLabelText('Vegetables (%)');
    await userEvent.clear(vegetables);
    await userEvent.type(vegetables, '31');
    await userEvent.click(screen.getByRole('button', { name: 'Save tax' }));
    expect(await screen.findByText('A tax rate is at most 30%')).toBeTruthy();
    expect(vegetables.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.clear(vegetables);
    await userEvent.type(vegetables, '7.25');
    await userEvent.click(screen.getByLabelText(/Prices include tax/));
    await userEvent.click(screen.getByRole('button', { name: 'Save tax' }));
    expect(await screen.findByText('Vegetables 7.25%')).toBeTruthy();
    expect(saved).toMatchObject({ pricesIncludeTax: true, rates: { vegetable: 7.25, fruit: 0 } });
  });
});
