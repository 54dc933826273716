import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, VENDOR } from '../../test/render.tsx';
import { ShopMarkdownForm } from './ShopMarkdownForm.tsx';

describe('the shop-wide near-expiry markdown', () => {
  it('refuses out-of-range values beside their fields, then saves the rule and says what it does', async () => {
    let saved: { percent: number; days: number } | null = null;
    const { requests } = renderPage(<ShopMarkdownForm />, {
      user: VENDOR,
      routes: {
        'GET /api/markdowns/shop': () => ({ body: { rule: saved } }),
        'PUT /api/markdowns/shop': async (request: Request) => {
          saved = await request.json();
          return { body: { rule: saved } };
        },
      },
    });
    expect(await screen.findByText(/None yet\./)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Markdown (% off)'), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Save markdown' }));
    expect(await screen.findByText('At most 90%')).toBeTruthy();
    expect(await screen.findByText('Enter the number of days')).toBeTruthy();
    expect(screen.getByLabelText('Markdown (% off)').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Markdown (% off)'));
    await userEvent.type(screen.getByLabelText('Markdown (% off)'), '30');
    await userEvent.type(screen.getByLabelText('In the last (days)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save markdown' }));
    expect(await screen.findByText(/Now: 30% off in the last 2 days before expiry\./)).toBeTruthy();
    expect(saved).toEqual({ percent: 30, days: 2 });
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});
