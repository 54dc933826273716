import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Earnings } from '#contract/admin-payouts.ts';
import { centsToDollars } from '#contract/money.ts';
import { BUSINESS_ZONE } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { transferReversals, transfers } from './tables.ts';

const monthRow = z.object({
  month: z.string(),
  parts: z.number(),
  earnedCents: z.number(),
  givenBackCents: z.number(),
});

/**
 * What the marketplace earned per month of the business's time zone, the last `months` months (this one included),
 * oldest first, every month even without sales: the commission and fees its transfers kept when each shop's part
 * was delivered, less the commission given back with each refund made after delivery, counted in the month of the
 * refund. One statement, by the transfers' and reversals' creation time (their created_at indexes).
 */
export async function earningsByMonth(db: Tx, months: number): Promise<Earnings> {
  const thisMonth = sql`date_trunc('month', now() at time zone ${BUSINESS_ZONE})`;
  const first = sql`(${thisMonth} - make_interval(months => ${months - 1}::int))`;
  const since = sql`(${first} at time zone ${BUSINESS_ZONE})`;
  const monthOf = (column: unknown) => sql`date_trunc('month', ${column} at time zone ${BUSINESS_ZONE})`;
  const result = await db.execute(sql`
    with earned as (
      select ${monthOf(transfers.createdAt)} as start, count(*) as parts,
             sum(${transfers.commissionCents}) as earned, 0 as given_back
      from ${transfers} where ${transfers.createdAt} >= ${since}
      group by 1
      union all
      select ${monthOf(transferReversals.createdAt)}, 0, 0, sum(${transferReversals.commissionCents})
      from ${transferReversals} where ${transferReversals.createdAt} >= ${since}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM') as month, coalesce(sum(e.parts), 0)::int as parts,
           coalesce(sum(e.earned), 0)::float8 as "earnedCents", coalesce(sum(e.given_back), 0)::float8 as "givenBackCents"
    from generate_series(${first}, ${thisMonth}, interval '1 month') as b(start)
    left join earned e on e.start = b.start
    group by b.start
    order by b.start`);
  const rows = parseRows(monthRow, result.rows);
  const inDollars = (parts: number, earnedCents: number, givenBackCents: number) => ({
    parts,
    earned: centsToDollars(earnedCents),
    givenBack: centsToDollars(givenBackCents),
    net: centsToDollars(earnedCents - givenBackCents),
  });
  const sum = (pick: (row: z.infer<typeof monthRow>) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    months: rows.map((row) => ({ month: row.month, ...inDollars(row.parts, row.earnedCents, row.givenBackCents) })),
    total: inDollars(
      sum((row) => row.parts),
      sum((row) => row.earnedCents),
      sum((row) => row.givenBackCents),
    ),
  };
}
