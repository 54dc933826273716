import { Store, Trash2, UserCog } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { Role } from '#contract/roles.ts';
import type { UserRecord } from '#contract/users.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { tellOutcome } from '../../ui/confirm.ts';
import { DataTable, rowNumber } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { toast } from '../../ui/toast.ts';
import { type AccountAction, AccountDialog } from './AccountDialog.tsx';
import { useDeleteUser } from './delete-user.ts';
import { useUsers } from './get-users.ts';
import { HeldShops } from './HeldShops.tsx';
import { usePromoteUser } from './promote-user.ts';

const TITLES: Record<Role, string> = { customer: 'User List', vendor: 'Vendor List', admin: 'Admin List' };

/** What a search found, said once per search (a status, so screen readers hear it too). */
const matchesOf = (total: number, q: string) =>
  total === 0 ? `No account matches “${q}”` : `${total} ${total === 1 ? 'account matches' : 'accounts match'} “${q}”`;

/** The admin lists of customers, vendors and admins: #, Name, Roll, Email and each list's actions, with a search. */
/** `children`: shown under the title, above the list (the vendors' page: shops waiting for review). */
export function UsersListPage({ roll, children }: { roll: Role; children?: ReactNode }) {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const users = useUsers(roll, page, q);
  // The heading counts the whole list (the spec's 'User List: N'), whatever the search.
  const everyone = useUsers(roll, 1);
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const total = users.data?.total ?? 0;
  // The account an admin is asked about (Make Admin or Delete), until confirmed or cancelled.
  const [asking, setAsking] = useState<AccountAction | null>(null);

  const makeAdmin = async (target: UserRecord) => {
    try {
      await promote.mutateAsync(target._id);
      toast.success(`${target.name} is an Admin Now!`, { autoClose: 500 });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const deleteOne = async (target: UserRecord) => {
    try {
      await remove.mutateAsync({ roll, email: target.email });
      if (users.data?.items.length === 1 && page > 1) setPage(page - 1);
      await tellOutcome({ title: 'Deleted', text: `${target.name} has been deleted.`, ok: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="text-3xl font-bold">
        {TITLES[roll]}: {everyone.data ? everyone.data.total : '…'}
      </h1>
      {children}
      <SearchField
        label="Search by name or e-mail"
        placeholder="Search by name or e-mail"
        maxLength={100}
        value={text}
        onChange={(next) => {
          setText(next);
          setPage(1);
        }}
        className="mt-4 block w-full md:w-96"
      />
      {/* Always there, so that screen readers announce each search's count. */}
      <p className="mt-2 empty:hidden" role="status">
        {q && users.data && !users.isPlaceholderData ? matchesOf(total, q) : null}
      </p>
      {users.isError ? <LoadError error={users.error} onRetry={() => users.refetch()} /> : null}
      <DataTable
        label="Users"
        cards
        rows={users.data?.items ?? []}
        pager={users.data ? { page: users.data, onPage: setPage, label: 'Pages' } : undefined}
        className="mt-6 rounded-box border border-base-300"
        headRowClassName="bg-base-200"
        empty={
          users.isPending ? (
            <progress className="progress progress-primary w-full" aria-label="Loading the list" />
          ) : users.data ? (
            q ? (
              'No accounts to show.'
            ) : (
              'Nobody here yet.'
            )
          ) : undefined
        }
        columns={[
          { header: '#', rowHeader: true, cell: (_, index) => (users.data ? rowNumber(users.data, index) : index + 1) },
          { header: 'Name', className: 'font-semibold', cell: (row) => row.name },
          { header: 'Roll', className: 'capitalize', cell: (row) => row.roll },
          { header: 'Email', cell: (row) => row.email },
          {
            header: <span className="sr-only">Actions</span>,
            cell: (row) => (
              <div className="flex justify-end gap-2 whitespace-nowrap">
                {roll === 'customer' ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => setAsking({ kind: 'promote', user: row })}
                    disabled={promote.isPending}
                    aria-label={`Make Admin: ${row.name}`}
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
                {row.email === user?.email ? (
                  // No admin deletes their own account (the server refuses it too); another admin can.
                  <span className="badge badge-ghost">You</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    onClick={() => setAsking({ kind: 'delete', user: row })}
                    disabled={remove.isPending}
                    aria-label={`Delete ${row.name}`}
                  >
                    <Trash2 size={16} aria-hidden="true" /> Delete
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      {asking ? (
        <AccountDialog
          action={asking}
          onClose={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void (asking.kind === 'promote' ? makeAdmin(asking.user) : deleteOne(asking.user));
          }}
        />
      ) : null}
    </section>
  );
}

export const AllCustomersPage = () => <UsersListPage roll="customer" />;
export const AllVendorsPage = () => (
  <UsersListPage roll="vendor">
    <HeldShops />
  </UsersListPage>
);
export const AllAdminsPage = () => <UsersListPage roll="admin" />;
