import { dateRangeText } from '#contract/fulfilment-labels.ts';
import { formatDollars } from '#contract/money.ts';
import type { SeasonPayment, SubscriptionQuote } from '#contract/subscribers.ts';

type Covers = { coversFrom: string; coversUntil: string; deliveries: number };

const deliveriesText = (n: number) => `${n} ${n === 1 ? 'delivery' : 'deliveries'}`;

/** "12–26 September (2 deliveries)" */
export const coversText = (p: Covers) =>
  `${dateRangeText(p.coversFrom, p.coversUntil)} (${deliveriesText(p.deliveries)})`;

/** What the quote's season costs today and when the rest is taken. */
export function QuoteSchedule({ schedule }: { schedule: NonNullable<SubscriptionQuote['schedule']> }) {
  const [first, ...later] = schedule;
  if (!first) return null;
  return (
    <div className="mt-2">
      <p>
        Today: <strong>{formatDollars(first.amount)}</strong> for the deliveries {coversText(first)}.
      </p>
      {later.length > 0 ? (
        <>
          <p>Then:</p>
          <ul className="list-disc ps-5">
            {later.map((p) => (
              <li key={p.coversFrom}>
                {formatDollars(p.amount)} at the ordering cutoff before {dateRangeText(p.coversFrom)}, for the
                deliveries {coversText(p)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>That pays for the whole season: nothing more is taken.</p>
      )}
    </div>
  );
}

/** The payment's state in words: when it was or will be taken, or why not. */
function stateText(p: SeasonPayment): string {
  switch (p.state) {
    case 'paid':
      return p.paidAt ? `Paid ${dateRangeText(new Date(p.paidAt).toLocaleDateString('en-CA'))}` : 'Paid';
    case 'due':
      return `Due at the cutoff before ${dateRangeText(p.coversFrom)}`;
    case 'failed':
      return 'Refused: tried again';
    case 'cancelled':
      return 'Not taken: the subscription ended';
  }
}

const STATE_BADGES: Record<SeasonPayment['state'], string> = {
  paid: 'badge-soft badge-success',
  due: 'badge-ghost',
  failed: 'badge-soft badge-error',
  cancelled: 'badge-ghost',
};

/** A season's payments (paid up front or in installments): what each covers, whether it is taken, and refunds. */
export function SeasonPayments({ payments }: { payments: SeasonPayment[] }) {
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {payments.map((p) => (
        <li key={p.number} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div>
            <p className="font-semibold">
              Payment {p.number} of {payments.length}: {formatDollars(p.amount)}
            </p>
            <p className="text-sm">For {coversText(p)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className={`badge badge-sm h-auto min-h-5 ${STATE_BADGES[p.state]}`}>{stateText(p)}</span>
            {p.refunded > 0 ? (
              <span className="badge badge-sm badge-soft badge-info">{formatDollars(p.refunded)} refunded</span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
