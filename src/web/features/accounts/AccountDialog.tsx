import type { Role } from '#contract/roles.ts';
import type { UserRecord } from '#contract/users.ts';
import { Modal } from '../../ui/Modal.tsx';

/** What an admin is about to do to an account from the user lists. */
export type AccountAction = { kind: 'delete' | 'promote'; user: UserRecord };

/** What happens to a deleted account's data, by its role: what the server's erasure does (docs/privacy.md). */
const AFTER_DELETE: Record<Role, string[]> = {
  customer: [
    'Their orders, payments and invoices stay on record with amounts, dates and products, without their personal data; an account with an open order can be deleted once it is delivered.',
    'Their reviews stay on the products, under “Former customer”.',
  ],
  vendor: [
    'Their shop leaves the shop list and its page closes; all their products are taken off sale.',
    'A shop with an open order or a balance not yet paid out cannot be deleted yet: the refusal says what remains.',
    'Their sales and membership payments stay on record, without their personal data.',
  ],
  admin: [
    'They lose the admin dashboard; the coupons they created keep running.',
    'Any orders, invoices and reviews from before they were an admin stay on record.',
  ],
};

/** The dialog's words for an action: the question, what happens to the account, and the confirm button. */
export function accountActionText({ kind, user }: AccountAction) {
  if (kind === 'promote') {
    return {
      title: `Make ${user.name} an admin?`,
      lines: [
        `${user.name} gets the admin dashboard: business statistics, every customer, vendor and admin account (Make Admin and Delete), coupons, reported reviews and contact messages.`,
        'As an admin they no longer shop: the cart, checkout and opening a shop are for customers. Their past orders and invoices stay theirs.',
        'This cannot be undone from the site: an admin is never made a customer again, only deleted by another admin.',
      ],
      confirm: 'Yes, make admin!',
    };
  }
  return {
    title: 'Are you sure?',
    lines: [
      `${user.name} (${user.email}) is signed out everywhere at once and can no longer sign in; their name, e-mail, phone, addresses and photo are erased, and the address can sign up again as a new account.`,
      ...AFTER_DELETE[user.roll],
      "You won't be able to revert this!",
    ],
    confirm: 'Yes, delete it!',
  };
}

/**
 * Asks before an admin deletes an account or makes it an admin, saying what happens to it: a modal dialog that
 * starts on Cancel, closes on Escape (cancelling), and gives the focus back to the button that opened it.
 */
export function AccountDialog({
  action,
  onConfirm,
  onClose,
}: {
  action: AccountAction;
  /** The page closes the dialog (unmounts it) and acts. */
  onConfirm: () => void;
  /** Cancelled: the Cancel button or Escape. */
  onClose: () => void;
}) {
  const text = accountActionText(action);
  const danger = action.kind === 'delete';
  return (
    <Modal
      id="account-dialog"
      title={text.title}
      lines={text.lines}
      cancelText="Cancel"
      onClose={onClose}
      confirm={
        <button type="button" className={`btn ${danger ? 'btn-error text-white' : 'btn-primary'}`} onClick={onConfirm}>
          {text.confirm}
        </button>
      }
    />
  );
}
