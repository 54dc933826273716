import { Undo2 } from 'lucide-react';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { UNDO_SECONDS } from '#contract/fulfilment.ts';
import { errorMessage } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { useUndoSteps } from './update-vendor-order.ts';

/** Steps just made that the vendor may take back: what they were, and each order's token. */
export type Undoable = { text: string; undos: { orderId: string; token: string }[] };

const Offer = createContext<(offer: Undoable) => void>(() => undefined);

/** Offers an Undo of steps just made (replacing the offer before it). */
export const useOfferUndo = () => use(Offer);

/** The bar is gone a little before the server's time is up, so an Undo tapped at its end still arrives in time. */
const SHOWN_MS = (UNDO_SECONDS - 2) * 1000;

/**
 * A step is one tap: what it did shows at the bottom of the screen for a few seconds with an Undo, in place of a
 * question before it (decision 059). An Undo puts the orders back to the step they left.
 */
export function StepUndoProvider({ children }: { children: ReactNode }) {
  const [offer, setOffer] = useState<(Undoable & { id: number }) | null>(null);
  const undo = useUndoSteps();
  const show = useCallback((next: Undoable) => setOffer({ ...next, id: Date.now() }), []);

  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(() => setOffer((now) => (now?.id === offer.id ? null : now)), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [offer]);

  const takeBack = async () => {
    if (!offer) return;
    setOffer(null);
    try {
      const { undone, refusal } = await undo.mutateAsync(offer.undos);
      if (refusal) toast.error(errorMessage(refusal));
      if (undone > 0) toast.success(undone === 1 ? 'Undone' : `Undone for ${undone} orders`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Offer value={useMemo(() => show, [show])}>
      {/* Room below the last order, so the bar never hides its buttons. */}
      <div className="pb-24">{children}</div>
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center p-3">
        {/* The status region stays mounted, so screen readers hear each new step. */}
        <div role="status" aria-live="polite" className="w-full max-w-md">
          {offer ? (
            <div className="pointer-events-auto flex items-center justify-between gap-3 rounded-box bg-neutral p-3 text-neutral-content shadow-lg">
              <span className="min-w-0 wrap-anywhere">{offer.text}</span>
              {offer.undos.length > 0 ? (
                <button type="button" className="btn btn-sm min-h-11 btn-warning" onClick={takeBack}>
                  <Undo2 size={16} aria-hidden="true" /> Undo
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </Offer>
  );
}
