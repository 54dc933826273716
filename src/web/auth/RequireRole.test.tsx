import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../api/client.ts';
import { CUSTOMER, renderPage, VENDOR } from '../test/render.tsx';
import { useAuth } from './AuthProvider.tsx';
import { RequireRole } from './RequireRole.tsx';

const asked = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** A vendor-only page next to the sign-in page the guard sends others to. */
function VendorArea() {
  const { refresh } = useAuth();
  return (
    <Routes>
      <Route path="/login" element={<h1>Sign in</h1>} />
      <Route
        path="/vendorHome"
        element={
          <RequireRole roles={['vendor']}>
            <h1>Vendor home</h1>
          </RequireRole>
        }
      />
      <Route
        path="/member"
        element={
          <button type="button" onClick={() => void refresh()}>
            Reload my account
          </button>
        }
      />
    </Routes>
  );
}

describe('RequireRole', () => {
  it('shows a guarded page by the role in the session, asking the server nothing more', async () => {
    const { requests } = renderPage(<VendorArea />, { routes: {}, user: VENDOR, path: '/vendorHome' });
    expect(await screen.findByRole('heading', { name: 'Vendor home' })).toBeTruthy();
    expect(asked(requests)).toEqual(['GET /api/users/me']);
  });

  it('sends a signed-in user without the role to /login, again without a role request', async () => {
    const { requests, router } = renderPage(<VendorArea />, { routes: {}, user: CUSTOMER, path: '/vendorHome' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/vendorHome' } });
    expect(asked(requests)).toEqual(['GET /api/users/me']);
  });

  it('follows a role change once the session is reloaded', async () => {
    let me = CUSTOMER;
    const { requests, router } = renderPage(<VendorArea />, {
      routes: { 'GET /api/users/me': () => ({ body: me }), 'POST /api/auth/refresh': { token: 'x.e30.y' } },
      user: CUSTOMER,
      path: '/member',
    });
    const reload = await screen.findByRole('button', { name: 'Reload my account' });
    me = VENDOR; // registered as a vendor
    await userEvent.click(reload);
    await waitFor(() => expect(asked(requests).filter((r) => r === 'GET /api/users/me')).toHaveLength(2));
    await router.navigate('/vendorHome');
    expect(await screen.findByRole('heading', { name: 'Vendor home' })).toBeTruthy();
  });

  it('follows a role given elsewhere when the token is next renewed, with no request per page', async () => {
    const hourOld = `x.${btoa(JSON.stringify({ iat: Math.floor(Date.now() / 1000) - 3600 }))}.y`;
    let me = CUSTOMER;
    const { requests, router } = renderPage(<VendorArea />, {
      routes: { 'GET /api/users/me': () => ({ body: me }), 'POST /api/auth/refresh': { token: hourOld } },
      user: CUSTOMER,
      path: '/member',
    });
    await screen.findByRole('button', { name: 'Reload my account' });
    me = VENDOR; // an admin made this account a vendor
    localStorage.setItem(TOKEN_KEY, hourOld);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(asked(requests)).toHaveLength(3));
    await act(() => router.navigate('/vendorHome'));
    expect(await screen.findByRole('heading', { name: 'Vendor home' })).toBeTruthy();
    expect(asked(requests)).toEqual(['GET /api/users/me', 'POST /api/auth/refresh', 'GET /api/users/me']);
  });
});
