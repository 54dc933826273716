import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ShopPayout } from '#contract/admin-payouts.ts';
import { centsToDollars } from '#contract/money.ts';
import { type Page, type PageQuery, pageOf, pageOffset } from '#contract/pagination.ts';
import { PAYOUT_ACCOUNT_STATUSES } from '#contract/payouts.ts';
import type { Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { parseRows } from '../../db/rows.ts';
import { payoutAccountsRelation, payoutHoldsRelation } from '../payouts/index.ts';
import { shopCardsRelation } from '../shops/index.ts';
import { transferReversals, transfers } from './tables.ts';

const payoutRow = z.object({
  total: z.number(),
  shopId: z.string().nullable(),
  shop: z.string().nullable(),
  email: z.string().nullable(),
  account: z.enum(PAYOUT_ACCOUNT_STATUSES).nullable(),
  held: z.boolean().nullable(),
  owedCents: z.number().nullable(),
  paidCents: z.number().nullable(),
});

/**
 * A page of every shop by name (those whose name contains `q`), with what each is owed (its transfers not sent yet:
 * waiting for its account or a released hold, being sent, or failed for a person to pay) and was paid (sent), each
 * less what refunds after delivery take back, its payout account at the active provider (none, pending, verified)
 * and whether the admin holds it. One statement: the count, then the page's shops and their sums by the transfers'
 * shop index (a page past the end still answers the count, with one empty row).
 */
export async function shopPayoutsPage(
  db: Tx,
  provider: string,
  query: PageQuery & { q: string },
): Promise<Page<ShopPayout>> {
  const matching = query.q === '' ? sql`true` : sql`s.name ilike ${containing(query.q)}`;
  const result = await db.execute(sql`
    with shop as (select s.vendor_id, s.name, s.email from ${shopCardsRelation()} s where ${matching})
    select (select count(*) from shop)::int as total, p.*
    from (select 1) as one left join lateral (
      select shop.vendor_id as "shopId", shop.name as shop, shop.email,
             coalesce(a.status, 'none') as account, (h.shop_id is not null) as held,
             m.owed::float8 as "owedCents", m.paid::float8 as "paidCents"
      from (select * from shop order by name, vendor_id limit ${query.limit} offset ${pageOffset(query)}) as shop
      left join ${payoutAccountsRelation()} a on a.shop_id = shop.vendor_id and a.provider = ${provider}
      left join ${payoutHoldsRelation()} h on h.shop_id = shop.vendor_id
      cross join lateral (
        select coalesce(sum(t.amount_cents - r.back) filter (where t.status <> 'succeeded'), 0) as owed,
               coalesce(sum(t.amount_cents - r.back) filter (where t.status = 'succeeded'), 0) as paid
        from ${transfers} t
        cross join lateral (
          select coalesce(sum(v.amount_cents), 0) as back from ${transferReversals} v
          where v.transfer_id = t.id and v.status <> 'failed'
        ) as r
        where t.shop_id = shop.vendor_id
      ) as m
      order by shop.name, shop.vendor_id
    ) as p on true`);
  const rows = parseRows(payoutRow, result.rows);
  const total = rows[0]?.total ?? 0;
  const items = rows.flatMap((row) =>
    row.shopId === null
      ? []
      : [
          {
            shopId: row.shopId,
            shop: row.shop ?? '',
            email: row.email ?? '',
            owed: centsToDollars(row.owedCents ?? 0),
            paid: centsToDollars(row.paidCents ?? 0),
            account: row.account ?? 'none',
            held: row.held ?? false,
          },
        ],
  );
  return pageOf(items, total, query);
}
