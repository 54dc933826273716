import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Swal from 'sweetalert2';
import { type CartItem, UNAVAILABLE_LABELS } from '#contract/cart.ts';
import type { CouponQuote } from '#contract/coupons.ts';
import { thumbnailUrl } from '#contract/images.ts';
import { errorMessage } from '../../api/client.ts';
import { confirmDelete, SWAL_COLORS } from '../../auth/confirm.ts';
import { useCart } from '../../cart/use-cart.ts';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { showDollars } from '../../ui/show-dollars.ts';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { clearAppliedCoupon, readAppliedCoupon, storeAppliedCoupon } from './applied-coupon.ts';
import { useRemoveCartItem } from './remove-cart-item.ts';
import { useValidateCoupon } from './validate-coupon.ts';

const PAGE_SIZE = 5;

function CartRow({ item, onRemove, removing }: { item: CartItem; onRemove: () => void; removing: boolean }) {
  return (
    <tr className={item.available ? undefined : 'bg-error/5'}>
      <td>
        <img
          src={thumbnailUrl(item.image)}
          alt={item.name}
          width={56}
          height={56}
          className="size-14 rounded-box object-cover"
        />
      </td>
      <td>
        <p className="font-semibold">{item.name}</p>
        <p className="text-sm">By: {item.shopName}</p>
        {item.unavailableReason ? (
          <span className="badge mt-1 border-red-700 bg-red-700 font-semibold text-white">
            {UNAVAILABLE_LABELS[item.unavailableReason]}
            {item.unavailableReason === 'not_enough_stock' ? ` (${item.stock} left)` : ''}
          </span>
        ) : null}
      </td>
      <td>{showDollars(item.price)}</td>
      <td>{item.amount}</td>
      <td className="font-semibold">{showDollars(item.spendMoney)}</td>
      <td>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove ${item.name}`}
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
}

function CouponBox({ subtotal, onQuote }: { subtotal: number; onQuote: (quote: CouponQuote | null) => void }) {
  const validate = useValidateCoupon();
  const [code, setCode] = useState(readAppliedCoupon);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<CouponQuote | null>(null);

  function apply(value: string) {
    setError(null);
    validate.mutate(value, {
      onSuccess: (quote) => {
        setApplied(quote);
        storeAppliedCoupon(quote.code);
        onQuote(quote);
      },
      onError: (failure) => {
        setApplied(null);
        clearAppliedCoupon();
        onQuote(null);
        setError(errorMessage(failure));
      },
    });
  }

  // Re-check a code applied earlier whenever the subtotal changes (a line removed, for instance).
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const stored = readAppliedCoupon();
    if (stored && subtotal > 0) applyRef.current(stored);
  }, [subtotal]);

  const remove = () => {
    setApplied(null);
    setCode('');
    clearAppliedCoupon();
    onQuote(null);
  };

  return (
    <form
      className="mt-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() === '') setError('Enter a coupon code');
        else apply(code);
      }}
    >
      <label htmlFor="coupon-code" className="text-sm font-semibold">
        Coupon
      </label>
      <div className="join mt-1 w-full">
        <input
          id="coupon-code"
          className="input join-item w-full uppercase"
          placeholder="Coupon code"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary join-item" disabled={validate.isPending}>
          Apply
        </button>
      </div>
      {error ? (
        <p id="coupon-error" className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
      {applied ? (
        <p className="mt-1 text-sm text-success" role="status">
          {applied.code} applied: {applied.description}.{' '}
          <button type="button" className="link" onClick={remove}>
            Remove coupon
          </button>
        </p>
      ) : null}
    </form>
  );
}

export function CartPage() {
  const cart = useCart();
  const remove = useRemoveCartItem();
  const [page, setPage] = usePageParam();
  const [quote, setQuote] = useState<CouponQuote | null>(null);

  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) return <LoadError error={cart.error} onRetry={() => cart.refetch()} />;

  const items = cart.data;
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const subtotal = items.reduce((sum, item) => sum + item.spendMoney, 0);
  const discount = quote && items.length > 0 ? quote.discount : 0;
  const unavailable = items.filter((item) => !item.available);
  const canCheckout = items.length > 0 && unavailable.length === 0;

  const onRemove = async (item: CartItem) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(item._id);
      await Swal.fire({ title: 'Deleted!', text: 'Your Cart Item has been deleted.', icon: 'success', ...SWAL_COLORS });
    } catch (failure) {
      await Swal.fire({ title: 'Not deleted', text: errorMessage(failure), icon: 'error', ...SWAL_COLORS });
    }
  };

  return (
    <div>
      <h1 className="text-3xl font-bold">Your Cart</h1>
      <p className="mt-1 text-lg">
        There are <span className="font-bold text-primary">{items.length}</span> products in your cart
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_20rem]">
        <section aria-label="Cart items">
          <section
            className="overflow-x-auto rounded-box border border-base-300 bg-base-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
            tabIndex={0}
            aria-label="Cart table"
          >
            <table className="table">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Image</th>
                  <th scope="col">Product</th>
                  <th scope="col">Unit Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Subtotal</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {shown.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="py-10 text-center">
                      Your cart is empty.{' '}
                      <Link to={paths.home} className="link link-primary">
                        Find something fresh
                      </Link>
                    </td>
                  </tr>
                ) : (
                  shown.map((item) => (
                    <CartRow
                      key={item._id}
                      item={item}
                      removing={remove.isPending && remove.variables === item._id}
                      onRemove={() => onRemove(item)}
                    />
                  ))
                )}
              </tbody>
            </table>
          </section>
          <TablePager page={current} pages={pages} onPage={setPage} label="Cart pages" />
        </section>

        <section aria-labelledby="summary-title" className="h-fit rounded-box border border-base-300 bg-base-200 p-5">
          <h2 id="summary-title" className="text-xl font-bold">
            Order summary
          </h2>
          <dl className="mt-3 space-y-2">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="font-semibold">{showDollars(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="font-semibold">Free</dd>
            </div>
            {discount > 0 ? (
              <div className="flex justify-between gap-2 text-success">
                <dt className="min-w-0 break-all">Coupon {quote?.code}</dt>
                <dd className="font-semibold whitespace-nowrap">−{showDollars(discount)}</dd>
              </div>
            ) : null}
          </dl>
          {items.length > 0 ? <CouponBox subtotal={subtotal} onQuote={setQuote} /> : null}
          <div className="mt-4 flex justify-between border-t border-base-300 pt-3 text-lg">
            <span className="font-bold">Total</span>
            <span className="font-bold">{showDollars(subtotal - discount)}</span>
          </div>
          {unavailable.length > 0 ? (
            <p className="mt-3 text-sm text-error" role="alert">
              Some products can no longer be bought as they are. Remove the marked lines to check out.
            </p>
          ) : null}
          {canCheckout ? (
            <Link to={paths.dashboard.userPayment} className="btn btn-primary mt-4 w-full">
              Proceed To Checkout
            </Link>
          ) : (
            <button type="button" className="btn btn-primary mt-4 w-full" disabled>
              Proceed To Checkout
            </button>
          )}
        </section>
      </div>
    </div>
  );
}
