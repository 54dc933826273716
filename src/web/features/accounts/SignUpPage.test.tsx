import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { SignUpPage } from './SignUpPage.tsx';

const signUp = () => userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

describe('sign-up form', () => {
  it("shows the spec's messages in order and sends nothing until the form is valid", async () => {
    const { requests } = renderPage(<SignUpPage />, { routes: {} });
    await signUp();
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    const password = screen.getByLabelText('Password');
    const tryPassword = async (value: string, message: string) => {
      await userEvent.clear(password);
      await userEvent.type(password, value);
      await signUp();
      expect(await screen.findByText(message)).toBeTruthy();
      expect(password.getAttribute('aria-describedby')).toBe('signup-password-error');
    };
    await tryPassword('Ab#1', 'Password must be 6 character');
    await tryPassword('Abcdef#12345678901234', 'Password less than 20 character');
    await tryPassword(
      'weakpassword',
      'Password must have one upper case one lower case one number one special charcter',
    );

    await userEvent.clear(password);
    await userEvent.type(password, 'Good#pass1');
    await signUp();
    expect(screen.queryByText(/^Password /)).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says why the account could not be made, empties the form and signs nobody in', async () => {
    const { requests, router } = renderPage(
      <>
        <SignUpPage />
        <ToastContainer />
      </>,
      {
        path: '/signUp',
        routes: {
          'POST /api/users': () => ({
            status: 409,
            body: { error: { code: 'CONFLICT', message: 'This e-mail already has an account' } },
          }),
        },
      },
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Pat');
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Good#pass1');
    await userEvent.upload(screen.getByLabelText('Your photo'), new File(['x'], 'pat.png', { type: 'image/png' }));
    await signUp();
    expect(await screen.findByText('This e-mail already has an account')).toBeTruthy();
    for (const label of ['Name', 'Email', 'Password']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value, label).toBe('');
    }
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/users']);
    expect(router.state.location.pathname).toBe('/signUp');
  });
});
