import type { FulfilmentStatus } from '#contract/fulfilment.ts';

const STYLE: Record<FulfilmentStatus, string> = {
  pending: 'border-amber-600 bg-amber-50 text-amber-900',
  shipped: 'border-sky-700 bg-sky-50 text-sky-900',
  delivered: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  cancelled: 'border-base-300 bg-base-200 text-base-content',
};

export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return <span className={`badge badge-sm font-semibold capitalize ${STYLE[status]}`}>{status}</span>;
}
