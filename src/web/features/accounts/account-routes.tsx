import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES } from '#contract/app-paths.ts';
import { RequireRole } from '../../auth/RequireRole.tsx';

const signedInOnly = (Page: ComponentType) =>
  function SignedInPage() {
    return (
      <RequireRole>
        <Page />
      </RequireRole>
    );
  };

/** Sign-in, sign-up, forgotten password and vendor registration pages (public; /member needs an account). */
export const accountRoutes: RouteObject[] = [
  { path: PAGES.login, lazy: () => import('./LoginPage.tsx').then((m) => ({ Component: m.LoginPage })) },
  { path: PAGES.signUp, lazy: () => import('./SignUpPage.tsx').then((m) => ({ Component: m.SignUpPage })) },
  {
    path: PAGES.forgotPassword,
    lazy: () => import('./ForgotPasswordPage.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: PAGES.resetPassword,
    lazy: () => import('./ResetPasswordPage.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: PAGES.verifyEmail,
    lazy: () => import('./VerifyEmailPage.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: PAGES.member,
    lazy: () => import('./MemberPage.tsx').then((m) => ({ Component: signedInOnly(m.MemberPage) })),
  },
];
