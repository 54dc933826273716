import { useCallback, useRef, useState } from 'react';
import type { PaymentIntentCreated } from '#contract/payments.ts';
import type { CardPayer } from '../../card/card-payer.ts';

/**
 * The card half of a payment page: the card field's payer, its error, and an intent opened once and confirmed
 * once, so a retry after a failure further on never charges twice.
 */
export function useCardCharge() {
  const payer = useRef<CardPayer | null>(null);
  const onPayer = useCallback((next: CardPayer) => {
    payer.current = next;
  }, []);
  const intent = useRef<{ created: PaymentIntentCreated; paid: boolean } | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);

  /** Checks the card fields; false when they show an error. */
  const ready = () => {
    setCardError(null);
    return payer.current?.validate() ?? false;
  };

  /** Opens the intent (first time only) and charges the card (until paid): the paid intent, or null if refused. */
  const charge = async (open: () => Promise<PaymentIntentCreated>): Promise<PaymentIntentCreated | null> => {
    if (!payer.current) return null;
    if (!intent.current) intent.current = { created: await open(), paid: false };
    if (!intent.current.paid) {
      const failure = await payer.current.confirm(intent.current.created);
      if (failure) {
        setCardError(failure);
        return null;
      }
      intent.current.paid = true;
    }
    return intent.current.created;
  };

  /** The server gave the charge back (the order was refused): the next try opens a new intent. */
  const forget = () => {
    intent.current = null;
  };

  return { onPayer, cardError, ready, charge, forget };
}
