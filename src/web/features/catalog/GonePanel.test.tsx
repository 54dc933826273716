import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from '../../api/client.ts';
import { renderPage } from '../../test/render.tsx';
import { GonePanel } from './GonePanel.tsx';

const gone = { title: 'Shop not found', text: null };
const panel = (error: Error, onRetry = () => {}) => (
  <GonePanel error={error} gone={gone} to="/shopList" link="See all shops" onRetry={onRetry} />
);

describe('a shop or product page that could not be loaded', () => {
  it('offline, says so with a retry and the way on', async () => {
    const onRetry = vi.fn();
    renderPage(panel(new ApiError(0, 'NETWORK', OFFLINE_MESSAGE), onRetry), { routes: {} });
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'See all shops' }).getAttribute('href')).toBe('/shopList');
  });

  it('gone (404), says so with the way on and no retry', async () => {
    renderPage(panel(new ApiError(404, 'NOT_FOUND', 'Shop was not found')), { routes: {} });
    expect(await screen.findByRole('heading', { name: 'Shop not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all shops' })).toBeTruthy();
  });
});
