import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import { useAuth } from './AuthProvider.tsx';
import { SWAL_COLORS } from './confirm.ts';

/**
 * Returns a check for actions that need an account: true when signed in; otherwise it shows the spec's
 * 'You are not login' prompt, whose button goes to /login and back here afterwards, and returns false.
 */
export function useRequireLogin(): () => boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (user) return true;
    // The dialog library loads on the first prompt, not with every page that has an Add button.
    void import('sweetalert2')
      .then(({ default: Swal }) =>
        Swal.fire({
          title: 'You are not login',
          text: "You won't be able to revert this!",
          icon: 'warning',
          showCancelButton: true,
          confirmButtonText: 'Yes, Log in!',
          ...SWAL_COLORS,
        }),
      )
      .then((result) => {
        if (result.isConfirmed) navigate(paths.login, { state: { from: location } });
      });
    return false;
  }, [user, navigate, location]);
}
