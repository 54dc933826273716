import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emailVerificationSent, verifyEmailFirst } from '#contract/auth.ts';
import { ApiError } from '../api/client.ts';
import { useEmailRefusal } from '../auth/VerifyEmailRefusal.tsx';
import { CUSTOMER, renderPage } from '../test/render.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

const UNVERIFIED = { ...CUSTOMER, emailVerified: false };
const resent = { 'POST /api/auth/email-verification': { message: emailVerificationSent(CUSTOMER.email) } };

describe('the verification banner', () => {
  it('asks an unverified account to verify, and Resend sends the link again', async () => {
    const { requests } = renderPage(<VerifyEmailBanner />, { routes: resent, user: UNVERIFIED });
    const banner = await screen.findByRole('region', { name: 'E-mail verification' });
    expect(banner.textContent).toContain(`Please verify your e-mail address ${CUSTOMER.email}`);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
      'POST /api/auth/email-verification',
    );
  });

  it('is not shown to a verified account or a visitor', async () => {
    renderPage(<VerifyEmailBanner />, { routes: {}, user: CUSTOMER });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });
});

function Refused() {
  const unverified = useEmailRefusal();
  return (
    <>
      <button
        type="button"
        onClick={() => unverified.caught(new ApiError(403, 'EMAIL_UNVERIFIED', verifyEmailFirst(CUSTOMER.email)))}
      >
        Try
      </button>
      {unverified.refusal}
    </>
  );
}

describe('a step refused until the e-mail is verified', () => {
  it("shows the server's sentence with 'Send the link again'", async () => {
    const { requests } = renderPage(<Refused />, { routes: resent, user: UNVERIFIED });
    await userEvent.click(await screen.findByRole('button', { name: 'Try' }));
    expect(screen.getByRole('alert').textContent).toContain(verifyEmailFirst(CUSTOMER.email));
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(requests.some((r) => new URL(r.url).pathname === '/api/auth/email-verification')).toBe(true);
  });
});
