import type { Role } from '#contract/roles.ts';
import { pageQuery } from '../../api/query-client.ts';
import { usersQuery } from './get-users.ts';

// The first queries of the admin's user lists, for their route loaders (loaded on the first visit, not with the
// app): a list's first page (its page number is kept in the page, not the address).
const firstUsers = (roll: Role) => [pageQuery(usersQuery(roll, 1))];

export const allCustomer = () => firstUsers('customer');
export const allVendor = () => firstUsers('vendor');
export const allAdmin = () => firstUsers('admin');
