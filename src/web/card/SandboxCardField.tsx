import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { sandboxCardFields } from '#contract/payments.ts';
import { errorMessage } from '../api/client.ts';
import { FormFieldset } from '../ui/FormFieldset.tsx';
import type { CardPayer } from './card-payer.ts';
import { authenticateSandboxSetup, confirmSandboxSetup } from './card-setup.ts';
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

const INPUTS: {
  key: keyof Fields;
  id: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  format: (value: string) => string;
}[] = [
  {
    key: 'cardNumber',
    id: 'card-number',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    format: formatNumber,
  },
  {
    key: 'expiry',
    id: 'card-expiry',
    label: 'Expiry (MM/YY)',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    format: formatExpiry,
  },
  {
    key: 'cvc',
    id: 'card-cvc',
    label: 'CVC',
    autoComplete: 'cc-csc',
    placeholder: 'CVC',
    maxLength: 4,
    format: (value) => value.replace(/\D/g, '').slice(0, 4),
  },
];

/**
 * The sandbox card form: number, expiry and CVC, checked with the same schema as the server. Stripe's test
 * cards behave as on Stripe (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined).
 */
export function SandboxCardField({ onPayer, error }: { onPayer: (payer: CardPayer) => void; error: string | null }) {
  const [fields, setFields] = useState<Fields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  /** The bank's authentication step, waiting for the shopper's answer (a card that asks for it). */
  const [asking, setAsking] = useState<((approve: boolean) => void) | null>(null);
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
      save: async (setup) => {
        try {
          const { status } = await confirmSandboxSetup(setup, latest.current);
          if (status !== 'requires_action') return null;
          const approve = await new Promise<boolean>((resolve) => setAsking(() => resolve));
          setAsking(null);
          await authenticateSandboxSetup(setup, approve);
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
    <FormFieldset
      legend="Card"
      icon={CreditCard}
      errorId="card-error"
      error={cardError}
      note={<p className="text-xs">Test mode: pay with 4242 4242 4242 4242, any future date and any 3-digit CVC.</p>}
    >
      {asking ? <AuthenticationStep answer={asking} /> : null}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        {INPUTS.map((input) => (
          <label key={input.key} className="flex flex-col gap-1" htmlFor={input.id}>
            <span className="text-sm font-semibold">{input.label}</span>
            <input
              id={input.id}
              className={`input w-full ${errors[input.key] ? 'input-error' : ''}`}
              inputMode="numeric"
              autoComplete={input.autoComplete}
              placeholder={input.placeholder}
              maxLength={input.maxLength}
              value={fields[input.key]}
              aria-invalid={errors[input.key] ? true : undefined}
              aria-describedby="card-error"
              onChange={(e) => set(input.key, input.format(e.target.value))}
            />
          </label>
        ))}
      </div>
    </FormFieldset>
  );
}

/** What a bank shows a card that asks for authentication (3-D Secure), as Stripe's test page does. */
function AuthenticationStep({ answer }: { answer: (approve: boolean) => void }) {
  return (
    <div className="modal modal-open" role="dialog" aria-modal="true" aria-labelledby="authenticate-title">
      <div className="modal-box text-base">
        <h2 id="authenticate-title" className="text-lg font-bold">
          Confirm it is you
        </h2>
        <p className="mt-2">
          Your bank asks you to authenticate this card before it is saved. In test mode, complete or fail the
          authentication here.
        </p>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-outline" onClick={() => answer(false)}>
            Fail authentication
          </button>
          <button type="button" className="btn btn-primary" onClick={() => answer(true)}>
            Complete authentication
          </button>
        </div>
      </div>
    </div>
  );
}
