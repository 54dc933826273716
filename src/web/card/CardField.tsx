import { lazy, Suspense } from 'react';
import { LoadError } from '../ui/LoadError.tsx';
import type { CardPayer } from './card-payer.ts';
import { usePaymentsConfig } from './get-payments-config.ts';
import { SandboxCardField } from './SandboxCardField.tsx';

const StripeCardField = lazy(() => import('./StripeCardField.tsx').then((m) => ({ default: m.StripeCardField })));

function CardLoading() {
  return (
    <div role="status" className="flex items-center gap-2">
      <span className="loading loading-dots" aria-hidden="true" />
      <span className="sr-only">Loading the card form</span>
    </div>
  );
}

/** The card field of the configured provider; card errors show in red under it. */
export function CardField({ onPayer, error }: { onPayer: (payer: CardPayer) => void; error: string | null }) {
  const config = usePaymentsConfig();
  if (config.isPending) return <CardLoading />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => config.refetch()} />;
  if (config.data.provider === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<CardLoading />}>
        <StripeCardField publishableKey={config.data.publishableKey} onPayer={onPayer} error={error} />
      </Suspense>
    );
  }
  return <SandboxCardField onPayer={onPayer} error={error} />;
}
