import { route } from '../route-table.ts';
import { taxInput, taxSettingsResponse } from '../tax.ts';

/** Tax rates per category and whether prices include tax (decision 028). */
export const taxApi = {
  settings: route({
    method: 'GET',
    path: '/admin/tax',
    tag: 'tax',
    summary: 'The tax rate of every category and whether prices include tax, now and earlier (admin)',
    access: { allow: ['admin'] },
    status: 200,
    response: taxSettingsResponse,
    errors: [],
  }),
  set: route({
    method: 'PUT',
    path: '/admin/tax',
    tag: 'tax',
    summary: 'Set the tax rate of every category and whether prices include tax, for orders placed from now on (admin)',
    access: { allow: ['admin'] },
    body: taxInput,
    status: 200,
    response: taxSettingsResponse,
    errors: [],
  }),
};
