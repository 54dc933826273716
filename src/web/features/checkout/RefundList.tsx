import { CircleCheck, Clock } from 'lucide-react';
import { formatDollars } from '#contract/money.ts';
import { type PaymentRefund, type RefundStatus, refundStatusLabel } from '#contract/orders.ts';

/** 'Refunded' in green, 'Refund pending' in amber, with an icon so the colour is never the only sign. */
export function RefundStatusText({ status }: { status: RefundStatus }) {
  const done = status === 'succeeded';
  const Icon = done ? CircleCheck : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap font-semibold ${done ? 'text-green-800' : 'text-amber-800'}`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {refundStatusLabel(status)}
    </span>
  );
}

/** Each refund of a payment: what was given back, how much and whether it is back on the card yet. */
export function RefundList({ refunds, label }: { refunds: PaymentRefund[]; label: string }) {
  return (
    <ul className="space-y-1.5" aria-label={label}>
      {refunds.map((refund) => (
        <li key={refund._id} className="text-sm">
          <span className="font-semibold">−{formatDollars(refund.amount)}</span>{' '}
          <RefundStatusText status={refund.status} />
          <span className="block text-xs">{refund.description}</span>
        </li>
      ))}
    </ul>
  );
}
