import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client.ts';
import { CUSTOMER, press, renderPage } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const page = (
  <>
    <LoginPage />
    <ToastContainer />
  </>
);
const providers = { 'GET /api/auth/providers': { google: false } };
const signIn = () => press('Sign in');
const token = `x.${btoa(JSON.stringify({ iat: Math.floor(Date.now() / 1000) }))}.y`;

/** The sign-in page reached from a guarded page, as the guard sends a visitor there. */
async function fromCart(routes: Parameters<typeof renderPage>[1]['routes']) {
  const app = renderPage(page, { routes: { ...providers, ...routes }, path: '/login' });
  await act(() => app.router.navigate('/login', { state: { from: { pathname: '/dashboard/userCart' } } }));
  return app;
}

describe('sign-in form', () => {
  it('needs the e-mail and the password, and sends nothing until both are given', async () => {
    const { requests } = renderPage(page, { routes: providers, path: '/login' });
    await signIn();
    // The form validates asynchronously: its messages come with a render after the click.
    await waitFor(() => expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true'));
    for (const label of ['Email', 'Password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      expect(document.getElementById(`login-${label.toLowerCase()}-error`)?.textContent, label).toBe(
        'This field is required',
      );
    }
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('signs in and goes back to the page that sent the visitor here', async () => {
    const { router, requests } = await fromCart({
      'POST /api/jwt': { token },
      'GET /api/users/me': CUSTOMER,
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Good#pass1');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userCart'));
    const sent = requests.find((r) => r.method === 'POST');
    expect(await sent?.clone().json()).toEqual({ email: 'ann@example.com', password: 'Good#pass1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('says why a sign-in failed, empties the form and stays', async () => {
    const { router } = await fromCart({
      'POST /api/jwt': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Wrong e-mail or password' } },
      }),
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not it');
    await signIn();
    expect(await screen.findByText('Wrong e-mail or password')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
