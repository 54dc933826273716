import { screen, within } from '@testing-library/react';

/** The rows under the heading row of the table in the scroll region named `label` (see ui/DataTable.tsx). */
export const tableRows = (label: string) =>
  within(screen.getByRole('region', { name: label }))
    .getAllByRole('row')
    .slice(1);
