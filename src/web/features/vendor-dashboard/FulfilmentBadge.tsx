import { type FulfilmentStatus, type HandoverKind, STEP_LABELS } from '#contract/fulfilment.ts';

const STYLE: Record<FulfilmentStatus, string> = {
  pending: 'border-amber-600 bg-amber-50 text-amber-900',
  ready: 'border-sky-700 bg-sky-50 text-sky-900',
  shipped: 'border-sky-700 bg-sky-50 text-sky-900',
  delivered: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  cancelled: 'border-base-300 bg-base-200 text-base-content',
};

/** A shop part's step, named as its kind calls it ("Ready for pickup", "Out for delivery"). */
export function FulfilmentBadge({ status, kind }: { status: FulfilmentStatus; kind: HandoverKind }) {
  return <span className={`badge badge-sm h-auto font-semibold ${STYLE[status]}`}>{STEP_LABELS[kind][status]}</span>;
}
