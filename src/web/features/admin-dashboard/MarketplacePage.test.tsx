import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MarketplaceSettings, MarketplaceSettingsChange } from '#contract/shops.ts';
import { ADMIN, renderPage } from '../../test/render.tsx';
import { MarketplacePage } from './MarketplacePage.tsx';

describe('the admin’s Marketplace page', () => {
  it('prints documents on US Letter until the admin picks A4, keeping the distance unit and shop review', async () => {
    let settings: MarketplaceSettings = { distanceUnit: 'km', shopApproval: true, paperSize: 'letter' };
    const saved: MarketplaceSettingsChange[] = [];
    renderPage(<MarketplacePage />, {
      user: ADMIN,
      routes: {
        'GET /api/marketplace': () => ({ body: settings }),
        'PUT /api/admin/marketplace': async (request: Request) => {
          const body: MarketplaceSettingsChange = await request.json();
          saved.push(body);
          settings = { ...settings, ...body };
          return { body: settings };
        },
      },
    });
    const letter = screen.getByRole('radio', { name: /US Letter/ }) as HTMLInputElement;
    const a4 = screen.getByRole('radio', { name: /A4/ }) as HTMLInputElement;
    await waitFor(() => expect(letter.disabled).toBe(false));
    expect(letter.checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Kilometres/ })).toHaveProperty('checked', true);

    await userEvent.click(a4);
    const paper = screen.getByRole('form', { name: 'Printed documents' });
    await userEvent.click(within(paper).getByRole('button', { name: 'Save' }));
    // Only the paper is sent: a setting this form does not show is never sent back as it was read.
    await waitFor(() => expect(saved).toEqual([{ paperSize: 'a4' }]));
    await waitFor(() => expect(settings.paperSize).toBe('a4'));
    expect(a4.checked).toBe(true);
    expect(settings.shopApproval).toBe(true);
  });
});
