import { Store, Trash2, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import Swal from 'sweetalert2';
import type { Role } from '#contract/roles.ts';
import type { UserRecord } from '#contract/users.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { confirmDelete, SWAL_COLORS } from '../../auth/confirm.ts';
import { paths } from '../../paths.ts';
import { useDeleteUser } from './delete-user.ts';
import { USERS_PAGE_SIZE, useUsers } from './get-users.ts';
import { usePromoteUser } from './promote-user.ts';

const TITLES: Record<Role, string> = { customer: 'User List', vendor: 'Vendor List', admin: 'Admin List' };

/** The admin lists of customers, vendors and admins: #, Name, Roll, Email and each list's actions. */
export function UsersListPage({ roll }: { roll: Role }) {
  const { user, signOut } = useAuth();
  const [page, setPage] = useState(1);
  const users = useUsers(roll, page);
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  const makeAdmin = async (target: UserRecord) => {
    try {
      await promote.mutateAsync(target._id);
      toast.success(`${target.name} is an Admin Now!`, { autoClose: 500 });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const deleteOne = async (target: UserRecord) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync({ roll, email: target.email });
      if (users.data?.items.length === 1 && page > 1) setPage(page - 1);
      await Swal.fire({ title: 'Deleted', text: `${target.name} has been deleted.`, icon: 'success', ...SWAL_COLORS });
      if (target.email === user?.email) await signOut();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="text-3xl font-bold">
        {TITLES[roll]}: {users.data ? total : '…'}
      </h1>
      {users.isError ? (
        <p className="alert alert-error mt-6" role="alert">
          {errorMessage(users.error)}
        </p>
      ) : null}
      <section
        className="mt-6 overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
        tabIndex={0}
        aria-label="Users"
      >
        <table className="table">
          <thead>
            <tr className="bg-base-200 text-base-content">
              <th scope="col">#</th>
              <th scope="col">Name</th>
              <th scope="col">Roll</th>
              <th scope="col">Email</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={5}>
                  <progress className="progress progress-primary w-full" aria-label="Loading the list" />
                </td>
              </tr>
            ) : null}
            {users.data?.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-center">
                  Nobody here yet.
                </td>
              </tr>
            ) : null}
            {users.data?.items.map((row, index) => (
              <tr key={row._id}>
                <th scope="row">{(page - 1) * USERS_PAGE_SIZE + index + 1}</th>
                <td className="font-semibold">{row.name}</td>
                <td className="capitalize">{row.roll}</td>
                <td>{row.email}</td>
                <td>
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    {roll === 'customer' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        onClick={() => makeAdmin(row)}
                        disabled={promote.isPending}
                        aria-label={`Make ${row.name} an admin`}
                      >
                        <UserCog size={16} aria-hidden="true" /> Make Admin
                      </button>
                    ) : null}
                    {roll === 'vendor' ? (
                      <Link
                        to={paths.shopDetails(row._id)}
                        className="btn btn-sm btn-outline"
                        aria-label={`Shop Details of ${row.shop ?? row.name}`}
                      >
                        <Store size={16} aria-hidden="true" /> Shop Details
                      </Link>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleteOne(row)}
                      disabled={remove.isPending}
                      aria-label={`Delete ${row.name}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav className="join mt-4" aria-label="Pages">
          <button type="button" className="btn join-item" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Prev
          </button>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className={`btn join-item ${n === page ? 'btn-primary' : ''}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => setPage(n)}
            >
              {n}
            </button>
          ))}
          <button type="button" className="btn join-item" disabled={page === pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

export const AllCustomersPage = () => <UsersListPage roll="customer" />;
export const AllVendorsPage = () => <UsersListPage roll="vendor" />;
export const AllAdminsPage = () => <UsersListPage roll="admin" />;
