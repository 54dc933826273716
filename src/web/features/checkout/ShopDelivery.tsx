import { Check, Clock, type LucideIcon, Package, PackageCheck, Truck, XCircle } from 'lucide-react';
import { type FulfilmentStatus, type LiveStatus, STEP_LABELS, STEPS } from '#contract/fulfilment.ts';
import { HandoverLine } from './FulfilmentLine.tsx';
import type { ShopStep } from './shop-steps.ts';

const ICON: Record<FulfilmentStatus, LucideIcon> = {
  pending: Clock,
  ready: Package,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: XCircle,
};

const TONE: Record<FulfilmentStatus, string> = {
  pending: 'text-amber-800',
  ready: 'text-sky-800',
  shipped: 'text-sky-800',
  delivered: 'text-green-800',
  cancelled: 'text-red-800',
};

/** The part's steps (ordered → ready for pickup → picked up, …), the ones reached filled in. The line above says it. */
function Stepper({ status, labels, steps }: { status: LiveStatus; labels: Labels; steps: readonly LiveStatus[] }) {
  const reached = steps.indexOf(status);
  return (
    <div className="delivery-stepper mt-1.5 flex items-center gap-1 whitespace-nowrap text-xs" aria-hidden="true">
      {steps.map((step, index) => (
        <span key={step} className="flex items-center gap-1">
          {index > 0 ? (
            <span className={`h-0.5 w-3 rounded ${index <= reached ? 'bg-primary' : 'bg-base-300'}`} />
          ) : null}
          <span
            className={`flex size-4 items-center justify-center rounded-full border-2 ${
              index <= reached ? 'border-primary bg-primary text-primary-content' : 'border-base-300 bg-base-100'
            }`}
          >
            {index <= reached ? <Check className="size-2.5" strokeWidth={4} /> : null}
          </span>
          <span className={index === reached ? 'font-bold' : ''}>{labels[step]}</span>
        </span>
      ))}
    </div>
  );
}

type Labels = Record<FulfilmentStatus, string>;

/**
 * One shop's part of an order as its buyer follows it: "Green Valley Farm: Ready for pickup", a small stepper, and
 * (unless `withHandover` is false, where the page lists the slots apart) the slot, the place or address and the note.
 */
export function ShopDelivery({ step, withHandover = true }: { step: ShopStep; withHandover?: boolean }) {
  const Icon = ICON[step.status];
  const kind = step.handover?.kind ?? 'shipping';
  const labels = STEP_LABELS[kind];
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-1 text-sm">
        <span className="font-semibold">{step.shopName}:</span>{' '}
        <span className={`inline-flex items-center gap-1 font-semibold ${TONE[step.status]}`}>
          <Icon className="size-4" aria-hidden="true" />
          {labels[step.status]}
        </span>
      </p>
      {step.status === 'cancelled' ? (
        <p className="mt-1 text-xs">The shop cancelled its part of this order.</p>
      ) : (
        <Stepper status={step.status} labels={labels} steps={STEPS[kind]} />
      )}
      {step.handover && withHandover ? (
        <div className="mt-1">
          <HandoverLine handover={step.handover} showShop={false} />
        </div>
      ) : null}
    </div>
  );
}

/** Every shop of an order, one under the other. */
export function ShopDeliveryList({
  steps,
  label,
  withHandover = true,
}: {
  steps: ShopStep[];
  label: string;
  withHandover?: boolean;
}) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {steps.map((step) => (
        <li key={step.shopEmail}>
          <ShopDelivery step={step} withHandover={withHandover} />
        </li>
      ))}
    </ul>
  );
}
