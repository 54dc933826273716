import { Navigate } from 'react-router';
import { useDashboardHome } from '../../layout/UserMenu.tsx';

/** /dashboard: the signed-in role's home (the layout sends anyone signed out to sign in first). */
export function DashboardIndex() {
  return <Navigate to={useDashboardHome()} replace />;
}
