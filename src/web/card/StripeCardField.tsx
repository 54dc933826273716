import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CreditCard } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormFieldset } from '../ui/FormFieldset.tsx';
import type { CardPayer } from './card-payer.ts';

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key) as Promise<Stripe | null>;
};

function StripeCard({ onPayer, error }: { onPayer: (payer: CardPayer) => void; error: string | null }) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const state = useRef({ complete });
  state.current.complete = complete;

  useEffect(() => {
    onPayer({
      validate: () => {
        if (!stripe || !elements) {
          setCardError('The card form is still loading. Please wait a moment.');
          return false;
        }
        if (!state.current.complete) {
          setCardError((current) => current ?? 'Your card number is incomplete.');
          return false;
        }
        return true;
      },
      confirm: async ({ clientSecret }) => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return 'The card form is still loading. Please wait a moment.';
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        return result.error ? (result.error.message ?? 'The card payment failed.') : null;
      },
      // Stripe.js shows the bank's authentication itself when the card asks for it.
      save: async ({ clientSecret }) => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return 'The card form is still loading. Please wait a moment.';
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        return result.error ? (result.error.message ?? 'The card could not be saved.') : null;
      },
    });
  }, [onPayer, stripe, elements]);

  return (
    <FormFieldset legend="Card" icon={CreditCard} errorId="card-error" error={error ?? cardError}>
      <div className="input w-full py-3">
        <CardElement
          className="w-full"
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#253d4e' } } }}
          onChange={(event) => {
            setComplete(event.complete);
            setCardError(event.error?.message ?? null);
          }}
        />
      </div>
    </FormFieldset>
  );
}

/** Stripe Elements' card field, loaded only when Stripe is the provider. */
export function StripeCardField(props: {
  publishableKey: string;
  onPayer: (payer: CardPayer) => void;
  error: string | null;
}) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCard onPayer={props.onPayer} error={props.error} />
    </Elements>
  );
}
