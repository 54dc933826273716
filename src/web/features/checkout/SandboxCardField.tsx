import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { sandboxCardFields } from '#contract/payments.ts';
import { errorMessage } from '../../api/client.ts';
import type { CardPayer } from './card-payer.ts';
import { confirmSandboxCard } from './confirm-sandbox-card.ts';

type Fields = { cardNumber: string; expiry: string; cvc: string };

/** Groups the digits by four as the shopper types. */
const formatNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The sandbox card form: number, expiry and CVC, checked with the same schema as the server. Stripe's test
 * cards behave as on Stripe (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined).
 */
export function SandboxCardField({ onPayer, error }: { onPayer: (payer: CardPayer) => void; error: string | null }) {
  const [fields, setFields] = useState<Fields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const latest = useRef(fields);
  latest.current = fields;

  useEffect(() => {
    onPayer({
      validate: () => {
        const parsed = sandboxCardFields.safeParse(latest.current);
        if (parsed.success) {
          setErrors({});
          return true;
        }
        const next: Partial<Fields> = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as keyof Fields;
          next[key] ??= issue.message;
        }
        setErrors(next);
        return false;
      },
      confirm: async (intent) => {
        try {
          await confirmSandboxCard({ ...intent, ...latest.current });
          return null;
        } catch (failure) {
          return errorMessage(failure);
        }
      },
    });
  }, [onPayer]);

  const set = (key: keyof Fields, value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const cardError = error ?? errors.cardNumber ?? errors.expiry ?? errors.cvc ?? null;

  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-4">
      <legend className="fieldset-legend flex items-center gap-2">
        <CreditCard size={18} aria-hidden="true" /> Card
      </legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <label className="flex flex-col gap-1" htmlFor="card-number">
          <span className="text-sm font-semibold">Card number</span>
          <input
            id="card-number"
            className={`input w-full ${errors.cardNumber ? 'input-error' : ''}`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={fields.cardNumber}
            aria-invalid={errors.cardNumber ? true : undefined}
            aria-describedby="card-error"
            onChange={(e) => set('cardNumber', formatNumber(e.target.value))}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor="card-expiry">
          <span className="text-sm font-semibold">Expiry (MM/YY)</span>
          <input
            id="card-expiry"
            className={`input w-full ${errors.expiry ? 'input-error' : ''}`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={fields.expiry}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby="card-error"
            onChange={(e) => set('expiry', formatExpiry(e.target.value))}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor="card-cvc">
          <span className="text-sm font-semibold">CVC</span>
          <input
            id="card-cvc"
            className={`input w-full ${errors.cvc ? 'input-error' : ''}`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={fields.cvc}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby="card-error"
            onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </label>
      </div>
      <p id="card-error" className="min-h-5 text-sm font-semibold text-error" role="alert">
        {cardError}
      </p>
      <p className="text-xs">Test mode: pay with 4242 4242 4242 4242, any future date and any 3-digit CVC.</p>
    </fieldset>
  );
}
