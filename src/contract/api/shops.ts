import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { route } from '../route-table.ts';
import {
  marketplaceSettings,
  marketplaceSettingsChange,
  shopIdParams,
  shopList,
  shopListQuery,
  shopPage,
  shopProfileInput,
} from '../shops.ts';
import { shopParams } from '../slots.ts';
import { modifiedCount, userListQuery, userPage, userRecord, vendorRegistrationInput } from '../users.ts';
import { emailField } from '../validation.ts';

const emailParams = z.object({ email: emailField });

/**
 * Vendors' shops: the storefront's shop list and page, opening a shop (vendor registration), and the spec's user
 * records, which carry their shop's fields (so they are answered by the shops module, under /users).
 */
export const shopsApi = {
  list: route({
    method: 'GET',
    path: '/shops',
    tag: 'catalog',
    summary:
      "Vendors' shops; q filters by shop name or address; near or lat and lng sort nearest first with distanceKm",
    access: { allow: 'public' },
    query: shopListQuery,
    status: 200,
    response: shopList,
    errors: [],
  }),
  get: route({
    method: 'GET',
    path: '/singleShop/:id',
    tag: 'catalog',
    summary: 'One shop with its story, links, pickup points, delivery area and terms, and next ordering cutoff',
    access: { allow: 'public' },
    params: shopIdParams,
    status: 200,
    response: shopPage,
    errors: [404],
  }),
  saveProfile: route({
    method: 'PUT',
    path: '/shops/:shopId/profile',
    tag: 'catalog',
    summary: "The vendor's own shop profile: name, story, picture, address, phone and web links (its address stays)",
    access: { allow: ['vendor'], owner: { of: 'shop', admin: false, otherwise: 403 } },
    params: shopParams,
    body: shopProfileInput,
    status: 200,
    response: shopPage,
    errors: [404],
  }),
  marketplace: route({
    method: 'GET',
    path: '/marketplace',
    tag: 'catalog',
    summary:
      "The marketplace's settings every page and document follows: the unit distances are written in, the paper of PDFs",
    access: { allow: 'public' },
    status: 200,
    response: marketplaceSettings,
    errors: [],
  }),
  setMarketplace: route({
    method: 'PUT',
    path: '/admin/marketplace',
    tag: 'catalog',
    summary:
      "Admin: the marketplace's settings (distances in miles or km, new shops reviewed or not, PDFs on Letter or A4)",
    access: { allow: ['admin'] },
    body: marketplaceSettingsChange,
    status: 200,
    response: marketplaceSettings,
    errors: [],
  }),
  registerVendor: route({
    method: 'PATCH',
    path: '/users/email/:email',
    tag: 'users',
    summary: 'Vendor registration of the caller’s own account: roll vendor, membership normal',
    access: {
      allow: 'signed-in',
      owner: { of: 'account', admin: false, otherwise: 403 },
      note: 'vendor registration: only for the caller’s own account, not even an admin for another',
    },
    params: emailParams,
    body: vendorRegistrationInput,
    status: 200,
    response: modifiedCount,
    errors: [404],
  }),
  userInfo: route({
    method: 'GET',
    path: '/users/info',
    tag: 'users',
    summary: 'A user with its shop fields, as an array (own account, or any for an admin)',
    access: { allow: 'signed-in', owner: { of: 'account', admin: true, otherwise: 403 } },
    query: z.object({ email: emailField }),
    status: 200,
    response: z.array(userRecord),
    errors: [],
  }),
  users: route({
    method: 'GET',
    path: '/users/:roll',
    tag: 'users',
    summary: 'Admin: the customers, vendors or admins (all, or one page with ?page=)',
    access: { allow: ['admin'] },
    params: z.object({ roll: z.enum(ROLES) }),
    query: userListQuery,
    status: 200,
    response: z.union([z.array(userRecord), userPage]),
    errors: [],
  }),
};
