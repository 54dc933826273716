import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type CartItem, UNAVAILABLE_LABELS } from '#contract/cart.ts';
import type { CouponQuote } from '#contract/coupons.ts';
import { formatDollars, MAX_LINE_UNITS } from '#contract/money.ts';
import { quantityText } from '#contract/units.ts';
import { errorMessage } from '../../api/client.ts';
import { useCart } from '../../cart/use-cart.ts';
import { paths } from '../../paths.ts';
import { confirmDelete, tellOutcome } from '../../ui/confirm.ts';
import { type Column, DataTable, pageOfRows, RowCards } from '../../ui/DataTable.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { SavingNote } from '../../ui/SavingNote.tsx';
import { SummaryPanel, SummaryRows } from '../../ui/SummaryPanel.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { Thumb } from '../../ui/Thumb.tsx';
import { UnitPrice } from '../../ui/UnitPrice.tsx';
import { clearAppliedCoupon, readAppliedCoupon, storeAppliedCoupon } from './applied-coupon.ts';
import { cartTaxOf, taxRows } from './cart-tax.ts';
import { useCheckoutPlan } from './checkout-plan.ts';
import { deliveryRows, FulfilmentChoices, planMissing } from './FulfilmentChoices.tsx';
import { lineName } from './line-name.ts';
import { useRemoveCartItem } from './remove-cart-item.ts';
import { useSetCartAmount } from './set-cart-amount.ts';
import { useValidateCoupon } from './validate-coupon.ts';
import { HOLD_NOTE, hasWeighedGoods, lineTotalText, totalText } from './weighed-lines.ts';

const PAGE_SIZE = 5;

type LineActions = {
  onRemove: (item: CartItem) => void;
  removing: (item: CartItem) => boolean;
  onAmount: (item: CartItem, amount: number) => void;
  /** The server's reason a quantity change of this line was refused, if it was the last change. */
  amountError: (item: CartItem) => string | null;
};

const picture = (item: CartItem) => (
  <Thumb src={item.image} alt={item.name} size={56} className="size-14 rounded-box object-cover" />
);

function ProductInfo({ item }: { item: CartItem }) {
  return (
    <>
      <p className="font-semibold wrap-anywhere">{item.name}</p>
      {/* The size bought (decision 052): its price and unit are the line's. */}
      {item.optionLabel ? <p className="text-sm font-semibold text-primary">{item.optionLabel}</p> : null}
      <p className="text-sm">By: {item.shopName}</p>
      {item.unavailableReason ? (
        <span className="badge mt-1 h-auto border-red-700 bg-red-700 font-semibold text-white">
          {UNAVAILABLE_LABELS[item.unavailableReason]}
          {item.unavailableReason === 'not_enough_stock' ? ` (${item.stock} left)` : ''}
        </span>
      ) : null}
    </>
  );
}

/** − / + from 1 to the stock (the stock shown under it); a line that cannot be bought any more only comes out. */
function LineQuantity({ item, actions }: { item: CartItem; actions: LineActions }) {
  const error = actions.amountError(item);
  const locked = item.stock === 0 || item.unavailableReason === 'expired' || item.unavailableReason === 'unlisted';
  return (
    <div>
      <QuantityStepper
        size="sm"
        name={lineName(item)}
        value={item.amount}
        max={Math.min(item.stock, MAX_LINE_UNITS)}
        disabled={locked}
        onChange={(amount) => actions.onAmount(item, amount)}
      />
      <p className="mt-1 text-xs text-base-content/70">
        {item.soldByWeight ? quantityText(item.stock, 'piece') : quantityText(item.stock, item.unit, item.pack)} in
        stock
      </p>
      {error ? (
        <p className="mt-1 max-w-48 text-xs text-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const removeButton = (item: CartItem, actions: LineActions) => (
  <IconButton
    icon={Trash2}
    label={`Remove ${lineName(item)}`}
    className="text-error"
    onClick={() => actions.onRemove(item)}
    disabled={actions.removing(item)}
  />
);

function cartColumns(actions: LineActions): Column<CartItem>[] {
  return [
    {
      header: 'Product',
      cell: (item) => (
        <div className="flex min-w-40 items-center gap-3">
          {picture(item)}
          <div>
            <ProductInfo item={item} />
          </div>
        </div>
      ),
    },
    {
      header: 'Unit Price',
      className: 'whitespace-nowrap',
      cell: (item) => (
        <>
          <UnitPrice
            price={item.price}
            unit={item.unit}
            pack={item.pack}
            pieceName={item.pieceName}
            gramsPerPiece={item.gramsPerPiece}
          />
          <SavingNote saving={item.saving} className="min-w-32 whitespace-normal text-xs" />
        </>
      ),
    },
    { header: 'Quantity', cell: (item) => <LineQuantity item={item} actions={actions} /> },
    { header: 'Subtotal', className: 'font-semibold', cell: lineTotalText },
    { header: 'Remove', cell: (item) => removeButton(item, actions) },
  ];
}

/** A cart line on a phone: picture, name, unit price and Remove, then the quantity beside the subtotal. */
function CartLineCard({ item, actions }: { item: CartItem; actions: LineActions }) {
  return (
    <article
      aria-label={lineName(item)}
      className={`rounded-box border border-base-300 p-3 ${item.available ? 'bg-base-100' : 'bg-error/5'}`}
    >
      <div className="flex items-start gap-3">
        {picture(item)}
        <div className="min-w-0 flex-1">
          <ProductInfo item={item} />
          <UnitPrice
            price={item.price}
            unit={item.unit}
            pack={item.pack}
            pieceName={item.pieceName}
            gramsPerPiece={item.gramsPerPiece}
            className="text-sm"
          />
          <SavingNote saving={item.saving} />
        </div>
        {removeButton(item, actions)}
      </div>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-2">
        <LineQuantity item={item} actions={actions} />
        <p className="text-right text-sm">
          Subtotal
          <span className="block text-base font-semibold">{lineTotalText(item)}</span>
        </p>
      </div>
    </article>
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
          className="input join-item w-full min-w-0 uppercase"
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
  const plan = useCheckoutPlan();
  const remove = useRemoveCartItem();
  const setAmount = useSetCartAmount();
  const [page, setPage] = usePageParam();
  const [quote, setQuote] = useState<CouponQuote | null>(null);

  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) return <LoadError error={cart.error} onRetry={() => cart.refetch()} />;

  const items = cart.data;
  const shown = pageOfRows(items, page, PAGE_SIZE);
  const subtotal = items.reduce((sum, item) => sum + item.spendMoney, 0);
  const discount = quote && items.length > 0 ? quote.discount : 0;
  const unavailable = items.filter((item) => !item.available);
  const delivery = plan.data?.deliveryTotal ?? 0;
  const tax = cartTaxOf(items, discount);
  const missing = plan.data ? planMissing(plan.data) : [];
  const canCheckout = items.length > 0 && unavailable.length === 0 && plan.data?.ready === true;

  const onRemove = async (item: CartItem) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(item._id);
      await tellOutcome({ title: 'Deleted!', text: 'Your Cart Item has been deleted.', ok: true });
    } catch (failure) {
      await tellOutcome({ title: 'Not deleted', text: errorMessage(failure), ok: false });
    }
  };

  const actions: LineActions = {
    onRemove,
    removing: (item) => remove.isPending && remove.variables === item._id,
    onAmount: (item, amount) => setAmount.mutate({ id: item._id, amount }),
    amountError: (item) =>
      setAmount.isError && setAmount.variables?.id === item._id ? errorMessage(setAmount.error) : null,
  };
  const empty = (
    <>
      Your cart is empty.{' '}
      <Link to={paths.home} className="link link-primary">
        Find something fresh
      </Link>
    </>
  );

  return (
    <div className="min-w-0">
      <h1 className="text-3xl font-bold">Your Cart</h1>
      <p className="mt-1 text-lg">
        {items.length === 1 ? 'There is ' : 'There are '}
        <span className="font-bold text-primary">{items.length}</span>
        {items.length === 1 ? ' product in your cart' : ' products in your cart'}
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <section aria-label="Cart items" className="min-w-0">
            <RowCards rows={shown.items} className="" card={(item) => <CartLineCard item={item} actions={actions} />} />
            {items.length === 0 ? (
              <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center md:hidden">{empty}</p>
            ) : null}
            <DataTable
              label="Cart table"
              rows={shown.items}
              rowClassName={(item) => (item.available ? undefined : 'bg-error/5')}
              pager={{ page: shown, onPage: setPage, label: 'Cart pages' }}
              className="hidden rounded-box border border-base-300 bg-base-100 md:block"
              tableClassName="table table-sm text-sm"
              empty={empty}
              columns={cartColumns(actions)}
            />
          </section>
          {items.length === 0 ? null : plan.isPending ? (
            <PageLoader label="Loading pickup and delivery times" />
          ) : plan.isError ? (
            <LoadError error={plan.error} onRetry={() => plan.refetch()} />
          ) : (
            <FulfilmentChoices plan={plan.data} />
          )}
        </div>

        <SummaryPanel id="summary-title" title="Order summary">
          <SummaryRows
            className="mt-3 space-y-2"
            rows={[
              { term: 'Subtotal', value: formatDollars(subtotal), valueClassName: 'font-semibold' },
              ...(plan.data && items.length > 0 ? deliveryRows(plan.data) : []),
              discount > 0 && {
                term: `Coupon ${quote?.code}`,
                value: `−${formatDollars(discount)}`,
                className: 'gap-2 text-success',
                termClassName: 'min-w-0 break-all',
                valueClassName: 'font-semibold whitespace-nowrap',
              },
              ...taxRows(tax),
            ]}
          />
          {items.length > 0 ? <CouponBox subtotal={subtotal} onQuote={setQuote} /> : null}
          <div className="mt-4 flex justify-between border-t border-base-300 pt-3 text-lg">
            <span className="font-bold">Total</span>
            <span className="font-bold">{totalText(items, subtotal - discount + delivery + tax.added)}</span>
          </div>
          {hasWeighedGoods(items) ? <p className="mt-2 text-sm">{HOLD_NOTE}</p> : null}
          {unavailable.length > 0 ? (
            <p className="mt-3 text-sm text-error" role="alert">
              Some products can no longer be bought as they are. Remove the marked lines to check out.
            </p>
          ) : null}
          {missing.length > 0 ? (
            <div className="mt-3 text-sm">
              <p className="font-semibold">Before you check out:</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {missing.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
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
        </SummaryPanel>
      </div>
    </div>
  );
}
