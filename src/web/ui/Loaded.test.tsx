import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, OFFLINE_MESSAGE, SERVER_ERROR_MESSAGE } from '../api/client.ts';
import { renderRoutes } from '../test/render.tsx';
import { Loaded } from './Loaded.tsx';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

function Figures() {
  // The app's retries (3 for a server failure), without its waits between them.
  const figures = useQuery({ queryKey: ['figures'], queryFn: () => api<{ sold: number }>('/figures'), retryDelay: 1 });
  return (
    <Loaded query={figures} loading="Loading the figures">
      {(data) => <p>{data.sold} sold</p>}
    </Loaded>
  );
}

/** The page with the app's QueryClient and its defaults; `answer` stands in for the server. */
const renderFigures = (answer: () => { status?: number; body?: unknown }) =>
  renderRoutes([{ path: '/', Component: Figures }], { fake: { 'GET /api/figures': answer } });

describe('a page waiting for data never spins for ever', () => {
  it('offline, it says so at once, a retry says so again, and the data comes by itself once back online', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false); // TanStack's default would pause the query here, spinning for ever
    let connected = false;
    let asked = 0;
    renderFigures(() => {
      asked += 1;
      if (!connected) throw new TypeError('Failed to fetch');
      return { body: { sold: 12 } };
    });
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Loading the figures')).toBeNull();
    expect(asked).toBe(1); // no retries while offline
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
    connected = true;
    offline.mockRestore();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('12 sold')).toBeTruthy();
  });

  it('a server failure says something went wrong (not its details), with a retry', async () => {
    let failing = true;
    let asked = 0;
    renderFigures(() => {
      asked += 1;
      return failing
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'db down at 10.0.0.3' } } }
        : { body: { sold: 3 } };
    });
    expect(await screen.findByText(SERVER_ERROR_MESSAGE)).toBeTruthy();
    expect(asked).toBe(4); // the first request and the spec's 3 retries
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 sold')).toBeTruthy();
  });

  it('a database that is away says so and to try again in a moment, and is asked again', async () => {
    const away = 'The database is unavailable; please try again in a moment.';
    let asked = 0;
    renderFigures(() => {
      asked += 1;
      return { status: 503, body: { error: { code: 'UNAVAILABLE', message: away } } };
    });
    expect(await screen.findByText(away)).toBeTruthy();
    expect(asked).toBe(4);
  });

  it("a client error keeps the API's own words and is not asked again", async () => {
    let asked = 0;
    renderFigures(() => {
      asked += 1;
      return { status: 409, body: { error: { code: 'CONFLICT', message: 'Only 2 left in stock' } } };
    });
    expect(await screen.findByText('Only 2 left in stock')).toBeTruthy();
    expect(asked).toBe(1);
  });
});
