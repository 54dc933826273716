import type { Tx } from '../../db/client.ts';
import { statementData } from './shop-payouts.ts';
import type { PayoutSources } from './sources.ts';
import { statementOrderIds, statementRows, statementTotals } from './statement.ts';

/**
 * A vendor's monthly statements for the export, newest first: each month's rows and totals, the figures of the
 * statement the Payouts page downloads as CSV or PDF (cents, not dollars).
 */
export async function statementsForExport(
  db: Tx,
  sources: Pick<PayoutSources, 'payoutMonths' | 'shopLedgerIn' | 'soldLinesOf' | 'unpaidAt' | 'orderNumbersOf'>,
  shopId: string,
  timeZone: string,
) {
  const statements = [];
  for (const month of await sources.payoutMonths(db, shopId, timeZone)) {
    const data = await statementData(db, sources, shopId, month, timeZone);
    const rows = statementRows(data, await sources.orderNumbersOf(db, statementOrderIds(data)));
    statements.push({ month, timeZone, totals: statementTotals(data, rows), rows });
  }
  return statements;
}
