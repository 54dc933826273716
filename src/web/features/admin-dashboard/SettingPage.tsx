import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { type Column, DataTable } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';

/** A setting's first day, as `Nov 29, 2026`. */
export const settingDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

type Dated = { _id: string; since: string };

/**
 * The page of a marketplace setting that applies to orders placed from now on (commission, tax): its title, what
 * applies now and since when, the form that sets a new one (made anew, with the new setting, once it is saved),
 * and the earlier settings in a table whose first column is their first day.
 */
export function SettingPage<S extends Dated>({
  query,
  loading,
  title,
  now,
  form,
  history,
}: {
  query: UseQueryResult<{ current: S; history: S[] }>;
  /** The loader's name. */
  loading: string;
  title: string;
  /** What applies now; ` (since <day>).` follows it. */
  now: (current: S) => ReactNode;
  form: (current: S) => ReactNode;
  history: { id: string; title: string; label: string; empty: string; columns: Column<S>[] };
}) {
  return (
    <Loaded query={query} loading={loading}>
      {({ current, history: earlier }) => (
        <div className="space-y-8">
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="max-w-prose">
            {now(current)} (since {settingDay(current.since)}).
          </p>
          <Fragment key={current.since}>{form(current)}</Fragment>
          <section aria-labelledby={history.id}>
            <h2 id={history.id} className="text-xl font-bold">
              {history.title}
            </h2>
            <DataTable
              label={history.label}
              cards
              rows={earlier}
              empty={history.empty}
              columns={[
                { header: 'Since', rowHeader: true, cell: (setting) => settingDay(setting.since) },
                ...history.columns,
              ]}
            />
          </section>
        </div>
      )}
    </Loaded>
  );
}
