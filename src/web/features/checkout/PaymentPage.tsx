import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { formatDollars } from '#contract/money.ts';
import { type CheckoutDetails, checkoutDetails, type PaymentIntentCreated } from '#contract/payments.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { cartKey, useCart } from '../../cart/use-cart.ts';
import { paths } from '../../paths.ts';
import { FormField } from '../../ui/FormField.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { clearAppliedCoupon, readAppliedCoupon } from './applied-coupon.ts';
import { CardField } from './CardField.tsx';
import type { CardPayer } from './card-payer.ts';
import { completeCheckout } from './complete-checkout.ts';
import { customerStatsKey } from './get-customer-stats.ts';
import { paymentHistoryKey } from './get-payment-history.ts';
import { startCheckout } from './start-checkout.ts';
import { validateCoupon } from './validate-coupon.ts';

/** userPayment: delivery details and card; the server prices the cart, the card is charged, the order made. */
export function PaymentPage() {
  const { user } = useAuth();
  const cart = useCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const couponCode = readAppliedCoupon();
  const quote = useQuery({
    queryKey: ['coupon-quote', couponCode, cart.data?.length, cart.dataUpdatedAt],
    queryFn: () => validateCoupon(couponCode),
    enabled: Boolean(couponCode) && (cart.data?.length ?? 0) > 0,
    retry: false,
  });

  const payer = useRef<CardPayer | null>(null);
  const onPayer = useCallback((next: CardPayer) => {
    payer.current = next;
  }, []);
  // An intent opened (and possibly paid) by an earlier attempt is reused, so a retry never charges twice.
  const intent = useRef<{ created: PaymentIntentCreated; paid: boolean } | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [step, setStep] = useState<'idle' | 'paying' | 'ordering'>('idle');

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutDetails>({
    resolver: zodResolver(checkoutDetails),
    defaultValues: { name: user?.displayName ?? '', phoneNumber: '', address: '' },
  });

  const onSubmit = handleSubmit(async (details) => {
    setCardError(null);
    setOrderError(null);
    if (!payer.current?.validate()) return;
    setStep('paying');
    try {
      if (!intent.current) {
        // The delivery details go with the intent, so the paid card becomes the order even if this page closes.
        const created = await startCheckout({
          price: total,
          couponCode: quote.data ? couponCode : undefined,
          ...details,
        });
        intent.current = { created, paid: false };
      }
      if (!intent.current.paid) {
        const failure = await payer.current.confirm(intent.current.created);
        if (failure) {
          setCardError(failure);
          return;
        }
        intent.current.paid = true;
      }
      setStep('ordering');
      await completeCheckout({ paymentIntentId: intent.current.created.paymentIntentId, ...details });
      clearAppliedCoupon();
      toast.success('Your Payment is successful');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey(user?.email) }),
        queryClient.invalidateQueries({ queryKey: paymentHistoryKey(user?.email) }),
        queryClient.invalidateQueries({ queryKey: customerStatsKey }),
      ]);
      navigate(paths.dashboard.userPaymentHistory);
    } catch (failure) {
      // Refused (sold out, cart changed, coupon used up): the charge was given back; start afresh next time.
      intent.current = null;
      setOrderError(errorMessage(failure));
      void queryClient.invalidateQueries({ queryKey: cartKey(user?.email) });
    } finally {
      setStep('idle');
    }
  });

  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) return <LoadError error={cart.error} onRetry={() => cart.refetch()} />;
  const items = cart.data;
  const subtotal = items.reduce((sum, item) => sum + item.spendMoney, 0);
  const discount = quote.data?.discount ?? 0;
  const total = subtotal - discount;

  if (items.length === 0) {
    return (
      <div>
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p className="mt-4 rounded-box bg-base-200 p-4">
          Your cart is empty.{' '}
          <Link to={paths.home} className="link link-primary">
            Find something fresh
          </Link>
        </p>
      </div>
    );
  }

  const field = (name: keyof CheckoutDetails) => ({
    id: `checkout-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <div>
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_20rem]">
        <form onSubmit={onSubmit} noValidate className="rounded-box border border-base-300 bg-base-100 p-5">
          <h2 className="text-xl font-bold">Delivery details</h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField label="Name" htmlFor="checkout-name" error={errors.name?.message}>
              <input className="input w-full" autoComplete="name" {...field('name')} />
            </FormField>
            <FormField label="Phone Number" htmlFor="checkout-phoneNumber" error={errors.phoneNumber?.message}>
              <input className="input w-full" type="tel" autoComplete="tel" {...field('phoneNumber')} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField label="Delivery Address" htmlFor="checkout-address" error={errors.address?.message}>
                <textarea className="textarea h-24 w-full" autoComplete="street-address" {...field('address')} />
              </FormField>
            </div>
          </div>
          <h2 className="mt-4 mb-2 text-xl font-bold">Payment</h2>
          <CardField onPayer={onPayer} error={cardError} />
          {orderError ? (
            <div role="alert" className="alert alert-error alert-soft mt-4">
              {orderError}
            </div>
          ) : null}
          <SubmitButton busy={step !== 'idle'} className="mt-4 w-full sm:w-auto">
            {step === 'paying'
              ? 'Paying…'
              : step === 'ordering'
                ? 'Placing your order…'
                : `Pay ${formatDollars(total)}`}
          </SubmitButton>
        </form>

        <section aria-labelledby="pay-summary" className="h-fit rounded-box border border-base-300 bg-base-200 p-5">
          <h2 id="pay-summary" className="text-xl font-bold">
            Your order
          </h2>
          <ul className="mt-3 space-y-2">
            {items.map((item) => (
              <li key={item._id} className="flex justify-between gap-3 text-sm">
                <span>
                  {item.name} × {item.amount}
                </span>
                <span className="font-semibold">{formatDollars(item.spendMoney)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-base-300 pt-3">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatDollars(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            {quote.data ? (
              <div className="flex justify-between text-success">
                <dt>Coupon {quote.data.code}</dt>
                <dd>−{formatDollars(quote.data.discount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-lg font-bold">
              <dt>Total</dt>
              <dd>{formatDollars(total)}</dd>
            </div>
          </dl>
          {quote.isError ? (
            <p className="mt-2 text-sm text-error" role="alert">
              Coupon {couponCode}: {errorMessage(quote.error)}
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
