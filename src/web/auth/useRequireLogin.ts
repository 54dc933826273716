import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import { confirmAction } from '../ui/confirm.ts';
import { useAuth } from './AuthProvider.tsx';
import type { PendingAdd, SignInState } from './pending-add.ts';

/**
 * Returns a check for actions that need an account: true when signed in; otherwise it shows the spec's
 * 'You are not login' prompt, whose button goes to /login and back here afterwards, and returns false. With
 * `pendingAdd`, what the visitor tapped Add for is added once they have signed in (or up).
 */
export function useRequireLogin(): (pendingAdd?: PendingAdd) => boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (pendingAdd?: PendingAdd) => {
      if (user) return true;
      void confirmAction({
        title: 'You are not login',
        text: "You won't be able to revert this!",
        confirmText: 'Yes, Log in!',
        icon: 'warning',
      }).then((sure) => {
        const state: SignInState = { from: location, ...(pendingAdd ? { pendingAdd } : {}) };
        if (sure) navigate(paths.login, { state });
      });
      return false;
    },
    [user, navigate, location],
  );
}
