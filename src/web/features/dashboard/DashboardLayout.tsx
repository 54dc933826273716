import { Outlet } from 'react-router';

/** The dashboard shell: each role's side menu beside the routed page. */
export function DashboardLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Outlet />
    </div>
  );
}
