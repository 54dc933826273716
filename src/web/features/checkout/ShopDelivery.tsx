import { CalendarX, Check, Clock, type LucideIcon, Package, PackageCheck, Truck, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FulfilmentStatus, type LiveStatus, STEP_LABELS, STEPS } from '#contract/fulfilment.ts';
import { type Handover, HandoverLine } from './FulfilmentLine.tsx';
import type { ShopStep } from './shop-steps.ts';
import { windowLabel } from './slot-time.ts';

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
    <div className="delivery-stepper mt-1.5 flex flex-wrap items-center gap-1 text-xs" aria-hidden="true">
      {steps.map((step, index) => (
        <span key={step} className="flex items-center gap-1 whitespace-nowrap">
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

/** "The shop cancelled pickup on Sat 28 Nov (Market closed). Cancel this part for a full refund, or contact the shop." */
function SlotCancelledNotice({ handover, reason }: { handover: Handover; reason: string | null }) {
  const day = windowLabel(handover.start, handover.end, handover.timeZone).split(',')[0];
  return (
    <p className="mt-1.5 flex gap-1.5 rounded-box border border-amber-600 bg-amber-50 p-2 text-xs text-amber-950">
      <CalendarX className="size-4 shrink-0" aria-hidden="true" />
      <span>
        The shop cancelled {handover.kind} on {day}
        {reason ? ` (${reason})` : ''}. Cancel this part for a full refund, or contact the shop.
      </span>
    </p>
  );
}

/**
 * One shop's part of an order as its buyer follows it: "Green Valley Farm: Ready for pickup", a small stepper, and
 * (unless `withHandover` is false, where the page lists the slots apart) the slot, the place or address and the note.
 */
export function ShopDelivery({
  step,
  withHandover = true,
  action,
}: {
  step: ShopStep;
  withHandover?: boolean;
  /** What the buyer can do about the part (cancel it), under its steps. */
  action?: ReactNode;
}) {
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
        <p className="mt-1 text-xs">This part of the order is cancelled.</p>
      ) : (
        <Stepper status={step.status} labels={labels} steps={STEPS[kind]} />
      )}
      {step.handover && withHandover ? (
        <div className="mt-1">
          <HandoverLine handover={step.handover} showShop={false} />
        </div>
      ) : null}
      {step.handover && step.slotCancelled && step.status !== 'cancelled' ? (
        <SlotCancelledNotice handover={step.handover} reason={step.slotCancelled.reason} />
      ) : null}
      {action}
    </div>
  );
}

/** Every shop of an order, one under the other. */
export function ShopDeliveryList<Step extends ShopStep>({
  steps,
  label,
  withHandover = true,
  action,
}: {
  steps: Step[];
  label: string;
  withHandover?: boolean;
  action?: (step: Step) => ReactNode;
}) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {steps.map((step) => (
        <li key={step.shopId}>
          <ShopDelivery step={step} withHandover={withHandover} action={action?.(step)} />
        </li>
      ))}
    </ul>
  );
}
