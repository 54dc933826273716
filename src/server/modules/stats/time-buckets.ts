import { type SQL, sql } from 'drizzle-orm';
import type { StatRange } from '#contract/stats.ts';
import { BUSINESS_ZONE } from '../../business-day.ts';

const DAYS: Record<StatRange, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

export type Buckets = {
  bucket: 'day' | 'week';
  /** Start of the first bucket (a business day's midnight); rows before it are outside the range. */
  from: SQL;
  /** Every bucket start of the range, oldest first, as a FROM item `b(start)`. */
  series: SQL;
  /** The bucket start of a timestamptz column. */
  startOf: (column: SQL | unknown) => SQL;
};

/** Business-day buckets up to 30 days, week buckets (from Monday) beyond, so a chart has at most ~53 points. */
export function bucketsFor(range: StatRange): Buckets {
  const bucket = DAYS[range] <= 30 ? 'day' : 'week';
  const unit = sql.raw(`'${bucket}'`);
  const today = sql`date_trunc('day', now() at time zone ${BUSINESS_ZONE})`;
  const from = sql`date_trunc(${unit}, ${today} - ${sql.raw(`interval '${DAYS[range] - 1} days'`)})`;
  return {
    bucket,
    from: sql`(${from} at time zone ${BUSINESS_ZONE})`,
    series: sql`generate_series(${from}, date_trunc(${unit}, ${today}), ${sql.raw(`interval '1 ${bucket}'`)}) as b(start)`,
    startOf: (column) => sql`date_trunc(${unit}, ${column} at time zone ${BUSINESS_ZONE})`,
  };
}
