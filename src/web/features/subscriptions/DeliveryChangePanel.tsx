import { type FormEvent, useState } from 'react';
import type { DeliveryChoice, MadeDelivery } from '#contract/delivery-changes.ts';
import { formatDollars } from '#contract/money.ts';
import { errorMessage } from '../../api/client.ts';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { type DeliveryChange, useChangeDelivery, useMadeDelivery } from './delivery-change-queries.ts';

type Line = MadeDelivery['lines'][number];
type Change = ReturnType<typeof useChangeDelivery>;

const choiceText = (c: DeliveryChoice) => `${c.name}${c.label ? ` — ${c.label}` : ''}, ${formatDollars(c.price)}`;

const untilText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A plan item's swap: another size of it or another of the plan's products. */
function SwapForm({ line, choices, change }: { line: Line; choices: DeliveryChoice[]; change: Change }) {
  const others = choices.filter((c) => c.optionId !== line.optionId && c.stock >= line.amount);
  const [optionId, setOptionId] = useState('');
  if (others.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (optionId) change.mutate({ kind: 'swap', lineId: line.id, optionId });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <select
        className="select select-sm w-full sm:w-56"
        aria-label={`Swap ${line.name} for`}
        value={optionId}
        onChange={(e) => setOptionId(e.target.value)}
      >
        <option value="">Swap for…</option>
        {others.map((c) => (
          <option key={c.optionId} value={c.optionId}>
            {choiceText(c)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-sm btn-outline" disabled={!optionId || change.isPending}>
        Swap
      </button>
    </form>
  );
}

function LineRow({ d, line, change }: { d: MadeDelivery; line: Line; change: Change }) {
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p>
          <span className="font-semibold">{line.name}</span> × {line.amount}{' '}
          <span className="tabular-nums">{formatDollars(line.total)}</span>
        </p>
        <p className="text-sm">{line.part === 'plan' ? 'In your plan' : 'Added by you, at the farm’s price'}</p>
      </div>
      {line.part === 'extra' ? (
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'remove', lineId: line.id })}
        >
          Take out
        </button>
      ) : d.kind === 'fixed' ? (
        <SwapForm line={line} choices={d.swapChoices} change={change} />
      ) : null}
    </li>
  );
}

function AddForm({ d, change }: { d: MadeDelivery; change: Change }) {
  const [optionId, setOptionId] = useState('');
  const [quantity, setQuantity] = useState('1');
  if (d.paidBySeason)
    return (
      <p className="text-sm">Paid with your season: it holds the plan’s items. Order anything else from the shop.</p>
    );
  if (d.addChoices.length === 0) return <p className="text-sm">The farm has nothing else on sale now.</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (optionId) change.mutate({ kind: 'add', optionId, quantity: Number(quantity) } satisfies DeliveryChange);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Add a product">
      <label className="flex w-full flex-col gap-1 sm:w-auto" htmlFor={`add-${d.date}`}>
        <span className="text-sm font-semibold">Add from {d.shopName}</span>
        <select
          id={`add-${d.date}`}
          className="select w-full sm:w-72"
          value={optionId}
          onChange={(e) => setOptionId(e.target.value)}
        >
          <option value="">Choose a product</option>
          {d.addChoices.map((c) => (
            <option key={c.optionId} value={c.optionId}>
              {choiceText(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1" htmlFor={`add-quantity-${d.date}`}>
        <span className="text-sm font-semibold">How many</span>
        <input
          id={`add-quantity-${d.date}`}
          type="number"
          min={1}
          max={20}
          className="input w-24"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </label>
      <SubmitButton busy={change.isPending} className="btn-sm" disabled={!optionId || change.isPending}>
        Add to this delivery
      </SubmitButton>
    </form>
  );
}

/** Another of the plan's times the same week, for this delivery only. */
function TimeForm({ d, change }: { d: MadeDelivery; change: Change }) {
  const [windowId, setWindowId] = useState('');
  if (d.windowChoices.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (windowId) change.mutate({ kind: 'window', windowId });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Move this delivery">
      <label className="flex w-full flex-col gap-1 sm:w-auto" htmlFor={`time-${d.date}`}>
        <span className="text-sm font-semibold">Another time this week</span>
        <select
          id={`time-${d.date}`}
          className="select w-full sm:w-72"
          value={windowId}
          onChange={(e) => setWindowId(e.target.value)}
        >
          <option value="">Choose a time</option>
          {d.windowChoices.map((c) => (
            <option key={c.windowId} value={c.windowId}>
              {c.slot}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-sm btn-outline" disabled={!windowId || change.isPending}>
        Move this delivery
      </button>
    </form>
  );
}

function Totals({ d }: { d: MadeDelivery }) {
  const row = (label: string, dollars: number, negative = false) => (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="tabular-nums">
        {negative ? '−' : ''}
        {formatDollars(dollars)}
      </dd>
    </div>
  );
  return (
    <dl className="flex flex-col gap-1 border-t border-base-300 pt-2" aria-label="Delivery total">
      {row('Items', d.subtotal)}
      {d.discount > 0 ? row(`Plan discount (${d.discountPercent ?? 0}% on the plan’s items)`, d.discount, true) : null}
      {d.deliveryFee > 0 ? row('Delivery', d.deliveryFee) : null}
      {d.tax > 0 ? row(d.taxIncluded ? 'Tax included' : 'Tax', d.tax) : null}
      <div className="flex justify-between gap-4 font-bold">
        <dt>Total charged at the cutoff</dt>
        <dd className="tabular-nums">{formatDollars(d.total)}</dd>
      </div>
    </dl>
  );
}

/**
 * A made delivery changed before its cutoff (issue 37 item 3): its items, a swap within the plan's rules, one-off
 * products of the same farm added or taken out, and the total the cutoff's charge takes.
 */
export function DeliveryChangePanel({ subscriptionId, date }: { subscriptionId: string; date: string }) {
  const delivery = useMadeDelivery(subscriptionId, date);
  const change = useChangeDelivery(subscriptionId, date);
  if (delivery.isPending) return <p className="text-sm">Loading the delivery…</p>;
  if (delivery.isError) return <FormError message={errorMessage(delivery.error)} />;
  const d = delivery.data;
  return (
    <section
      aria-label={`Change the delivery of ${d.slot}`}
      className="flex flex-col gap-3 rounded-box bg-base-200 p-3 sm:p-4"
    >
      <p className="text-sm">
        Order {d.order.number}
        {d.changeableUntil
          ? ` · change until ${untilText(d.changeableUntil)}, when it is charged to your saved card.`
          : ' · ordering has closed.'}
      </p>
      {change.isError ? <FormError message={errorMessage(change.error)} /> : null}
      <ul className="divide-y divide-base-300">
        {d.lines.map((line) => (
          <LineRow key={line.id} d={d} line={line} change={change} />
        ))}
      </ul>
      <Totals d={d} />
      {d.changeableUntil ? (
        <>
          <p className="text-sm">
            {d.kind === 'box'
              ? 'The farm fills the box, so its contents cannot be swapped; you can add products to this delivery.'
              : `Swap an item for another size or another of the plan’s items: it is priced at its list price less the plan’s ${d.discountPercent ?? 0}%, and you pay the difference (or less).`}{' '}
            Added products are at the farm’s price, without the plan’s discount, and charged with the delivery.
          </p>
          <AddForm d={d} change={change} />
          <TimeForm d={d} change={change} />
        </>
      ) : null}
    </section>
  );
}
