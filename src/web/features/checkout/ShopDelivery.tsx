import { Check, Clock, type LucideIcon, PackageCheck, Truck, XCircle } from 'lucide-react';
import type { FulfilmentStatus } from '#contract/fulfilment.ts';
import { HandoverLine } from './FulfilmentLine.tsx';
import type { ShopStep } from './shop-steps.ts';

const STEPS = ['pending', 'shipped', 'delivered'] as const;

const LABEL: Record<FulfilmentStatus, string> = {
  pending: 'Pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const ICON: Record<FulfilmentStatus, LucideIcon> = {
  pending: Clock,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: XCircle,
};

const TONE: Record<FulfilmentStatus, string> = {
  pending: 'text-amber-800',
  shipped: 'text-sky-800',
  delivered: 'text-green-800',
  cancelled: 'text-red-800',
};

/** pending → shipped → delivered, with the steps reached filled in. The line above it says the same in words. */
function Stepper({ status }: { status: Exclude<FulfilmentStatus, 'cancelled'> }) {
  const reached = STEPS.indexOf(status);
  return (
    <div className="delivery-stepper mt-1.5 flex items-center gap-1 whitespace-nowrap text-xs" aria-hidden="true">
      {STEPS.map((step, index) => (
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
          <span className={index === reached ? 'font-bold' : ''}>{LABEL[step]}</span>
        </span>
      ))}
    </div>
  );
}

/** One shop's part of an order as its buyer follows it: "Green Valley Farm: Shipped" and a small stepper. */
export function ShopDelivery({ step }: { step: ShopStep }) {
  const Icon = ICON[step.status];
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-1 text-sm">
        <span className="font-semibold">{step.shopName}:</span>{' '}
        <span className={`inline-flex items-center gap-1 font-semibold ${TONE[step.status]}`}>
          <Icon className="size-4" aria-hidden="true" />
          {LABEL[step.status]}
        </span>
      </p>
      {step.status === 'cancelled' ? (
        <p className="mt-1 text-xs">The shop cancelled its part of this order.</p>
      ) : (
        <Stepper status={step.status} />
      )}
      {step.handover ? (
        <div className="mt-1">
          <HandoverLine handover={step.handover} showShop={false} />
        </div>
      ) : null}
    </div>
  );
}

/** Every shop of an order, one under the other. */
export function ShopDeliveryList({ steps, label }: { steps: ShopStep[]; label: string }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {steps.map((step) => (
        <li key={step.shopEmail}>
          <ShopDelivery step={step} />
        </li>
      ))}
    </ul>
  );
}
