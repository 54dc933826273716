import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FULFILMENT_ERROR_CODES, type FulfilmentErrorCode } from '#contract/checkout-plan.ts';
import { formatDollars } from '#contract/money.ts';
import { type CheckoutForm, checkoutForm, ORDER_NOTE_MAX } from '#contract/payments.ts';
import { REQUIRED } from '#contract/validation.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useDetails } from '../../auth/profile-details.ts';
import { CardField } from '../../card/CardField.tsx';
import { cartKey, useCart } from '../../cart/use-cart.ts';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SavingNote } from '../../ui/SavingNote.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { SummaryPanel, SummaryRows } from '../../ui/SummaryPanel.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { UnitPrice } from '../../ui/UnitPrice.tsx';
import { clearAppliedCoupon, readAppliedCoupon } from './applied-coupon.ts';
import { cartTaxOf, taxRows } from './cart-tax.ts';
import { useCheckoutPlan } from './checkout-plan.ts';
import { completeCheckout } from './complete-checkout.ts';
import { deliveryRows, PlanSummary, planMissing } from './FulfilmentChoices.tsx';
import { customerStatsKey } from './get-customer-stats.ts';
import { paymentHistoryKey } from './get-payment-history.ts';
import { lineName } from './line-name.ts';
import { startCheckout } from './start-checkout.ts';
import { useCardCharge } from './use-card-charge.ts';
import { validateCoupon } from './validate-coupon.ts';
import { cardHold, holdPromise, lineTotalText, totalText } from './weighed-lines.ts';

/** A refusal because of a shop's pickup or delivery (a slot filled or closed, an address outside the area, …). */
const isFulfilmentRefusal = (failure: unknown) =>
  failure instanceof ApiError && FULFILMENT_ERROR_CODES.includes(failure.code as FulfilmentErrorCode);

/** userPayment: delivery details and card; the server prices the cart, the card is charged, the order made. */
export function PaymentPage() {
  const { user } = useAuth();
  const cart = useCart();
  const plan = useCheckoutPlan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const couponCode = readAppliedCoupon();
  const quote = useQuery({
    queryKey: ['coupon-quote', couponCode, cart.data?.length, cart.dataUpdatedAt],
    queryFn: () => validateCoupon(couponCode),
    enabled: Boolean(couponCode) && (cart.data?.length ?? 0) > 0,
    retry: false,
  });

  const card = useCardCharge();
  const [orderError, setOrderError] = useState<{ message: string; inCart: boolean } | null>(null);
  const [step, setStep] = useState<'idle' | 'paying' | 'ordering'>('idle');

  // Every shop's part a pickup: no address is needed (the server takes the cart's, or records the pickup).
  const pickupOnly =
    Boolean(plan.data?.shops.length) && plan.data?.shops.every((s) => s.choice?.slot.kind === 'pickup');
  const addressOptional = useRef(pickupOnly);
  addressOptional.current = pickupOnly;
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(
      checkoutForm.superRefine((values, context) => {
        if (!addressOptional.current && !values.address)
          context.addIssue({ code: 'custom', path: ['address'], message: REQUIRED });
      }),
    ),
    defaultValues: { name: user?.displayName ?? '', phoneNumber: '', address: '', note: '' },
  });
  const field = wireFields('checkout', form);

  // The profile's phone, once known, is the order's unless the shopper wrote another.
  const profilePhone = useDetails().data?.phone;
  useEffect(() => {
    if (profilePhone && !form.getValues('phoneNumber')) form.setValue('phoneNumber', profilePhone);
  }, [profilePhone, form]);

  // The cart's delivery address, once known, is where the order goes unless the shopper wrote another.
  const planAddress = plan.data?.deliveryAddress;
  useEffect(() => {
    if (planAddress && !form.getValues('address'))
      form.setValue('address', `${planAddress.address}, ${planAddress.postcode}`);
  }, [planAddress, form]);

  const onSubmit = form.handleSubmit(async (details) => {
    setOrderError(null);
    if (!card.ready()) return;
    setStep('paying');
    try {
      // The delivery details go with the intent, so the paid card becomes the order even if this page closes.
      const paid = await card.charge(() =>
        startCheckout({ price: total, couponCode: quote.data ? couponCode : undefined, ...details }),
      );
      if (!paid) return;
      setStep('ordering');
      const order = await completeCheckout({ paymentIntentId: paid.paymentIntentId, ...details });
      clearAppliedCoupon();
      toast.success(`Your Payment is successful. Your order number is ${order.orderNumber}.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey(user?.email) }),
        queryClient.invalidateQueries({ queryKey: paymentHistoryKey(user?.email) }),
        queryClient.invalidateQueries({ queryKey: customerStatsKey }),
      ]);
      navigate(paths.dashboard.userPaymentHistory);
    } catch (failure) {
      // Refused (sold out, cart changed, coupon used up): the charge was given back; start afresh next time.
      card.forget();
      setOrderError({ message: errorMessage(failure), inCart: isFulfilmentRefusal(failure) });
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
  const delivery = plan.data?.deliveryTotal ?? 0;
  const tax = cartTaxOf(items, discount);
  const total = subtotal - discount + delivery + tax.added;
  const hold = cardHold(items, discount, delivery, tax.included);
  const missing = plan.data ? planMissing(plan.data) : [];
  const ready = plan.data?.ready === true;

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

  return (
    <div>
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_20rem]">
        <form onSubmit={onSubmit} noValidate className="rounded-box border border-base-300 bg-base-100 p-5">
          <h2 className="text-xl font-bold">Delivery details</h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField label="Name" field={field('name')} autoComplete="name" />
            <TextField label="Phone Number" field={field('phoneNumber')} type="tel" autoComplete="tel" />
            <div className="sm:col-span-2">
              <TextField
                label={pickupOnly ? 'Delivery Address (optional)' : 'Delivery Address'}
                hint={pickupOnly ? 'You collect every part of this order, so no address is needed.' : undefined}
                field={field('address')}
                as="textarea"
                className="textarea h-24 w-full"
                autoComplete="street-address"
              />
            </div>
            <div className="sm:col-span-2">
              <TextField
                label="Note for the shop (optional)"
                field={field('note')}
                as="textarea"
                className="textarea h-20 w-full"
                hint={`For example: leave it at the back door. At most ${ORDER_NOTE_MAX} characters.`}
              />
            </div>
          </div>
          <h2 className="mt-4 mb-2 text-xl font-bold">Payment</h2>
          <CardField onPayer={card.onPayer} error={card.cardError} />
          <FormError message={orderError?.message ?? null} />
          {orderError?.inCart || (plan.data && !ready) ? (
            <div className="mt-4 rounded-box bg-base-200 p-3 text-sm" role={orderError ? undefined : 'status'}>
              {missing.length > 0 ? (
                <ul className="mb-1 list-disc space-y-1 pl-5">
                  {missing.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
              <Link to={paths.dashboard.userCart} className="link link-primary font-semibold">
                Choose pickup or delivery in your cart
              </Link>
            </div>
          ) : null}
          <SubmitButton busy={step !== 'idle'} disabled={step !== 'idle' || !ready} className="mt-4 w-full sm:w-auto">
            {step === 'paying'
              ? 'Paying…'
              : step === 'ordering'
                ? 'Placing your order…'
                : hold === null
                  ? `Pay ${formatDollars(total)}`
                  : `Place order · hold up to ${formatDollars(hold)}`}
          </SubmitButton>
        </form>

        <SummaryPanel id="pay-summary" title="Your order">
          <ul className="mt-3 space-y-2">
            {items.map((item) => (
              <li key={item._id} className="flex justify-between gap-3 text-sm">
                <span>
                  {lineName(item)} × {item.amount}
                  <span className="block text-xs text-base-content/80">
                    <UnitPrice
                      price={item.price}
                      unit={item.unit}
                      pack={item.pack}
                      gramsPerPiece={item.gramsPerPiece}
                    />
                  </span>
                  <SavingNote saving={item.saving} className="text-xs" />
                </span>
                <span className="text-right font-semibold">{lineTotalText(item)}</span>
              </li>
            ))}
          </ul>
          <SummaryRows
            className="mt-3 space-y-1 border-t border-base-300 pt-3"
            rows={[
              { term: 'Subtotal', value: formatDollars(subtotal) },
              ...(plan.data ? deliveryRows(plan.data) : []),
              Boolean(quote.data) && {
                term: `Coupon ${quote.data?.code}`,
                value: `−${formatDollars(discount)}`,
                className: 'text-success',
              },
              ...taxRows(tax),
              {
                term: hold === null ? 'Total' : 'Estimated total',
                value: totalText(items, total),
                className: 'text-lg font-bold',
              },
              hold !== null && { term: 'Held on your card', value: `up to ${formatDollars(hold)}` },
            ]}
          />
          {hold !== null ? <p className="mt-2 text-sm">{holdPromise(hold)}</p> : null}
          {plan.data ? <PlanSummary plan={plan.data} /> : null}
          {plan.isError ? (
            <p className="mt-2 text-sm text-error" role="alert">
              Pickup and delivery: {errorMessage(plan.error)}
            </p>
          ) : null}
          {quote.isError ? (
            <p className="mt-2 text-sm text-error" role="alert">
              Coupon {couponCode}: {errorMessage(quote.error)}
            </p>
          ) : null}
        </SummaryPanel>
      </div>
    </div>
  );
}
