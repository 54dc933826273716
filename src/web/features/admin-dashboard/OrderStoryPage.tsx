import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import {
  DESK_REFUND_CAUSE_LABELS,
  DESK_REFUND_CAUSES,
  type DeskRefundCause,
  type DeskStory,
} from '#contract/order-desk.ts';
import type { ProblemReport } from '#contract/problem-reports.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { Loaded } from '../../ui/Loaded.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { toast } from '../../ui/toast.ts';
import { useDeskCancel, useDeskRefund, useDeskStory, useResendReceipt } from './get-desk-orders.ts';
import { placedOn, STATUS_NAMES } from './OrdersDeskPage.tsx';
import { StoryProblems } from './StoryProblems.tsx';

type Part = DeskStory['parts'][number];
type Line = Part['lines'][number];

/** What a refund is for: a whole delivered part, or one of its lines. */
type RefundTarget = { part: Part; line: Line | null; report?: ProblemReport };

const money = (dollars: number | null) => (dollars === null ? '—' : formatDollars(dollars));

/** Why and the admin's note: the fields every refund and cancellation asks for. */
function WhyFields({
  cause,
  note,
  onCause,
  onNote,
}: {
  cause: DeskRefundCause | '';
  note: string;
  onCause: (cause: DeskRefundCause | '') => void;
  onNote: (note: string) => void;
}) {
  return (
    <>
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        Why
        <select
          className="select w-full"
          value={cause}
          required
          onChange={(event) => onCause(event.target.value as DeskRefundCause | '')}
        >
          <option value="">Choose a reason</option>
          {DESK_REFUND_CAUSES.map((value) => (
            <option key={value} value={value}>
              {DESK_REFUND_CAUSE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="mt-3 flex flex-col gap-1 font-semibold">
        Note (kept with the refund)
        <textarea
          className="textarea w-full"
          value={note}
          maxLength={500}
          rows={2}
          onChange={(event) => onNote(event.target.value)}
        />
      </label>
    </>
  );
}

/** Refunds a delivered part or a line: a quantity of the line or an amount, with why; one key per dialog. */
function RefundDialog({ orderId, target, onClose }: { orderId: string; target: RefundTarget; onClose: () => void }) {
  const { part, line, report } = target;
  const refund = useDeskRefund();
  const [key] = useState(() => crypto.randomUUID());
  const [by, setBy] = useState<'quantity' | 'amount'>(line ? 'quantity' : 'amount');
  const [quantity, setQuantity] = useState(String(line?.amount ?? 1));
  const [amount, setAmount] = useState('');
  // A refund answering a shopper's report starts from its reason (each report reason is a refund cause).
  const [cause, setCause] = useState<DeskRefundCause | ''>(report?.reason ?? '');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const left = line ? line.refundable : part.refundable;
  const what = line ? `${line.itemName} ×${line.amount}` : `the part of ${part.shopName}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cause) return setFailure('Choose why the money is given back.');
    const size = by === 'quantity' ? { quantity: Number(quantity) } : { amount: Number(amount) };
    try {
      const done = await refund.mutateAsync({
        id: orderId,
        shopId: part.shopId,
        body: {
          ...(line ? { lineId: line._id } : {}),
          ...(report ? { reportId: report._id } : {}),
          ...size,
          cause,
          note,
          key,
        },
      });
      toast.success(`${formatDollars(done.amount)} refunded for ${what}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      id="desk-refund"
      title={`Refund ${what}`}
      lines={[
        `At most ${formatDollars(left)} is left to refund for it. The money goes back to the shopper’s card.`,
        'The shop’s payout gives back its share; the marketplace its commission.',
        ...(report ? ['The shopper’s report is resolved with this refund.'] : []),
      ]}
      cancelText="Keep the money"
      onClose={onClose}
      onSubmit={submit}
      confirm={
        <button type="submit" className="btn btn-primary" disabled={refund.isPending}>
          Give the refund
        </button>
      }
    >
      {line ? (
        <fieldset className="mt-4 flex flex-wrap gap-4">
          <legend className="font-semibold">Refund</legend>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio" checked={by === 'quantity'} onChange={() => setBy('quantity')} />
            Some of its units
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio" checked={by === 'amount'} onChange={() => setBy('amount')} />
            An amount
          </label>
        </fieldset>
      ) : null}
      {by === 'quantity' && line ? (
        <label className="mt-3 flex flex-col gap-1 font-semibold">
          How many (of {line.amount})
          <input
            className="input w-full"
            type="number"
            min={1}
            max={line.amount}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </label>
      ) : (
        <label className="mt-3 flex flex-col gap-1 font-semibold">
          Amount in dollars
          <input
            className="input w-full"
            type="number"
            min={0.01}
            max={left}
            step={0.01}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
      )}
      <WhyFields cause={cause} note={note} onCause={setCause} onNote={setNote} />
      <FormError message={failure} />
    </Modal>
  );
}

/** Cancels a part not delivered yet, as its shop would: stock back, what was paid refunded. */
function CancelDialog({ orderId, part, onClose }: { orderId: string; part: Part; onClose: () => void }) {
  const cancel = useDeskCancel();
  const [cause, setCause] = useState<DeskRefundCause | ''>('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const gives = part.onCancel.release
    ? `Its share of the card hold, ${formatDollars(part.onCancel.release)}, is released.`
    : `${formatDollars(part.onCancel.refund)} goes back to the shopper’s card.`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cause) return setFailure('Choose why the part is cancelled.');
    try {
      await cancel.mutateAsync({ id: orderId, shopId: part.shopId, body: { cause, note } });
      toast.success(`The part of ${part.shopName} is cancelled`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal
      id="desk-cancel"
      title={`Cancel the part of ${part.shopName}?`}
      lines={[gives, 'Its stock and its slot’s place return; the shopper and the shop are told.']}
      cancelText="Keep the part"
      onClose={onClose}
      onSubmit={submit}
      confirm={
        <button type="submit" className="btn btn-error" disabled={cancel.isPending}>
          Cancel the part
        </button>
      }
    >
      <WhyFields cause={cause} note={note} onCause={setCause} onNote={setNote} />
      <FormError message={failure} />
    </Modal>
  );
}

/** One shop's part: its steps, its lines with what was paid and refunded, and what the desk can do with it. */
function PartCard({
  part,
  onRefund,
  onCancel,
}: {
  part: Part;
  onRefund: (target: RefundTarget) => void;
  onCancel: (part: Part) => void;
}) {
  const headingId = `part-${part.shopId}`;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold">
          {part.shopName}
        </h3>
        <span className="badge badge-outline">{STATUS_NAMES[part.status]}</span>
      </div>
      <ol className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Steps of ${part.shopName}`}>
        {part.steps.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            <span className="font-semibold">{step.label}</span> · {placedOn(step.at)}
          </li>
        ))}
      </ol>
      <DataTable
        label={`Lines of ${part.shopName}`}
        className="mt-3"
        cards
        rows={part.lines}
        columns={[
          { header: 'Item', rowHeader: true, cell: (line) => `${line.itemName} ×${line.amount}` },
          { header: 'Step', cell: (line) => STATUS_NAMES[line.status] },
          { header: 'Paid', cell: (line) => money(line.paid) },
          { header: 'Refunded', cell: (line) => (line.refunded ? money(line.refunded) : '—') },
          {
            header: 'Refund',
            cell: (line) =>
              line.refundable > 0 ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Refund ${line.itemName}`}
                  onClick={() => onRefund({ part, line })}
                >
                  Refund
                </button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt>Delivery fee</dt>
        <dd>{money(part.delivery)}</dd>
        <dt>{part.held !== null ? 'Held' : 'Charged'}</dt>
        <dd>{money(part.held ?? part.charged)}</dd>
        <dt>Refunded</dt>
        <dd>{money(part.refunded)}</dd>
        <dt>Left to refund</dt>
        <dd>{money(part.refundable)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {part.refundable > 0 ? (
          <button type="button" className="btn btn-sm" onClick={() => onRefund({ part, line: null })}>
            Refund an amount of this part
          </button>
        ) : null}
        {part.cancellable ? (
          <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => onCancel(part)}>
            Cancel this part
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** A titled section holding one of the story's tables. */
function StorySection<T extends { _id: string }>({
  id,
  title,
  rows,
  empty,
  columns,
}: {
  id: string;
  title: string;
  rows: T[];
  empty: string;
  columns: Parameters<typeof DataTable<T>>[0]['columns'];
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 rounded-box bg-base-200 p-4">{empty}</p>
      ) : (
        <DataTable label={`Table: ${title}`} className="mt-2" cards rows={rows} columns={columns} />
      )}
    </section>
  );
}

/** What each message about an order is, as the admin reads it. */
const NOTICE_NAMES: Record<string, string> = {
  order_placed: 'Receipt',
  order_received: 'New order, to the shop',
  order_charged: 'Weighed and charged',
  step_changed: 'Step of a part',
  part_cancelled: 'Part cancelled',
  shopper_cancelled: 'Cancelled by the shopper, to the shop',
  slot_cancelled: 'Slot cancelled by the shop',
  problem_reported: 'Problem reported',
};

const withIds = <T,>(rows: T[]) => rows.map((row, index) => ({ ...row, _id: String(index) }));

/** One order's whole story for the admin, with its refunds, cancellations and the receipt sent again. */
function Story({ story }: { story: DeskStory }) {
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [cancelling, setCancelling] = useState<Part | null>(null);
  const resend = useResendReceipt();
  const sendReceipt = () =>
    sendWithToast(
      () => resend.mutateAsync(story._id),
      (answer) => `The receipt is on its way to ${answer.to}`,
    );
  const { money: paid } = story;
  return (
    <div>
      <p>
        <Link className="link" to={paths.dashboard.adminOrders}>
          All orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Order {story.orderNumber}</h1>
      <p className="mt-1">
        {story.name} · <span className="break-all">{story.email}</span> · placed {placedOn(story.createdAt)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 sm:grid-cols-4">
        {paid.held !== null ? (
          <>
            <dt>Card held</dt>
            <dd>{money(paid.held)}</dd>
          </>
        ) : null}
        <dt>Charged</dt>
        <dd>{money(paid.charged)}</dd>
        {paid.released ? (
          <>
            <dt>Released</dt>
            <dd>{money(paid.released)}</dd>
          </>
        ) : null}
        <dt>Refunded</dt>
        <dd>{money(paid.refunded)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn" disabled={resend.isPending} onClick={sendReceipt}>
          Send the receipt again
        </button>
        <Link className="btn btn-ghost" to={paths.dashboard.invoice(story.paymentId)}>
          Open the invoice
        </Link>
      </div>

      <StoryProblems story={story} onRefund={(part, line, report) => setRefunding({ part, line, report })} />

      <section aria-labelledby="parts-title" className="mt-8">
        <h2 id="parts-title" className="text-2xl font-bold">
          Shops’ parts
        </h2>
        <div className="mt-2 grid gap-4">
          {story.parts.map((part) => (
            <PartCard key={part.shopId} part={part} onRefund={setRefunding} onCancel={setCancelling} />
          ))}
        </div>
      </section>

      <StorySection
        id="refunds-title"
        title="Refunds"
        rows={story.refunds}
        empty="Nothing was refunded."
        columns={[
          { header: 'What', rowHeader: true, cell: (r) => (r.shopName ? `${r.what} (${r.shopName})` : r.what) },
          { header: 'Amount', cell: (r) => money(r.amount) },
          { header: 'Why', cell: (r) => (r.note ? `${r.reason}: ${r.note}` : r.reason) },
          { header: 'By', cell: (r) => r.by ?? '—' },
          { header: 'State', cell: (r) => (r.status === 'succeeded' ? 'Given back' : r.status) },
          { header: 'When', cell: (r) => placedOn(r.at) },
        ]}
      />
      <StorySection
        id="payments-title"
        title="Payments"
        rows={withIds(story.payments)}
        empty="No payment is recorded."
        columns={[
          {
            header: 'What',
            rowHeader: true,
            cell: (p) => ({ charge: 'Charge', hold: 'Card hold', capture: 'Capture' })[p.kind],
          },
          { header: 'Amount', cell: (p) => money(p.amount) },
          { header: 'State', cell: (p) => p.status },
          { header: 'When', cell: (p) => (p.at ? placedOn(p.at) : '—') },
          { header: 'Reference', cell: (p) => <span className="break-all text-xs">{p.reference}</span> },
        ]}
      />
      <StorySection
        id="transfers-title"
        title="Payouts to the shops"
        rows={withIds(story.transfers)}
        empty="No payout yet: a shop is paid once its part is delivered."
        columns={[
          { header: 'Shop', rowHeader: true, cell: (t) => t.shopName },
          { header: 'Payout', cell: (t) => money(t.amount) },
          { header: 'Commission', cell: (t) => money(t.commission) },
          { header: 'Taken back by refunds', cell: (t) => money(t.reversed) },
          { header: 'State', cell: (t) => t.status },
          { header: 'When', cell: (t) => placedOn(t.at) },
        ]}
      />
      <StorySection
        id="notices-title"
        title="Messages sent"
        rows={withIds(story.notices)}
        empty="No message is kept for this order (sent messages are kept 30 days)."
        columns={[
          {
            header: 'Message',
            rowHeader: true,
            cell: (n) => {
              const name = NOTICE_NAMES[n.kind] ?? n.kind.replaceAll('_', ' ');
              return n.about ? `${name} · ${n.about}` : name;
            },
          },
          { header: 'By', cell: (n) => (n.channel === 'email' ? 'E-mail' : 'Bell') },
          { header: 'To', cell: (n) => <span className="break-all">{n.to}</span> },
          { header: 'State', cell: (n) => n.state },
          { header: 'When', cell: (n) => placedOn(n.at) },
        ]}
      />
      {refunding ? <RefundDialog orderId={story._id} target={refunding} onClose={() => setRefunding(null)} /> : null}
      {cancelling ? <CancelDialog orderId={story._id} part={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}

/** The admin's page of one order (`/dashboard/adminOrders/:id`). */
export function OrderStoryPage() {
  const { id = '' } = useParams();
  const query = useDeskStory(id);
  return (
    <Loaded query={query} loading="Loading the order">
      {(story) => <Story story={story} />}
    </Loaded>
  );
}
