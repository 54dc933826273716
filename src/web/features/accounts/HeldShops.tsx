import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { HeldShop } from '#contract/shop-approval.ts';
import { call, errorMessage } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { Modal } from '../../ui/Modal.tsx';
import { toast } from '../../ui/toast.ts';

const heldKey = ['admin-held-shops'] as const;

const useReview = () =>
  useRefreshingMutation(
    ({ shopId, reason }: { shopId: string; reason?: string }) =>
      call('POST /admin/shops/:shopId/approval', {
        params: { shopId },
        body: reason === undefined ? { decision: 'approve' } : { decision: 'reject', reason },
      }),
    [heldKey],
  );

/** Turns a shop down with the reason the vendor is e-mailed. */
function RejectDialog({ shop, onClose }: { shop: HeldShop; onClose: () => void }) {
  const review = useReview();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setFailure('Say why the shop is turned down.');
    try {
      await review.mutateAsync({ shopId: shop._id, reason });
      toast.success(`${shop.shop} is turned down; ${shop.owner} is told why`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal
      id="reject-shop"
      title={`Turn down ${shop.shop}?`}
      lines={['Its products stay unlisted. The vendor is e-mailed your reason and can be approved later.']}
      cancelText="Keep it waiting"
      onClose={onClose}
      onSubmit={submit}
      confirm={
        <button type="submit" className="btn btn-error" disabled={review.isPending}>
          Turn down
        </button>
      }
    >
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        Why (sent to the vendor)
        <textarea
          className="textarea w-full"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <FormError message={failure} />
    </Modal>
  );
}

/** The shops waiting for the admin's review (then those turned down), each approved or turned down here. */
export function HeldShops() {
  const query = useQuery({ queryKey: heldKey, queryFn: () => call('GET /admin/shops/held') });
  const review = useReview();
  const [rejecting, setRejecting] = useState<HeldShop | null>(null);
  const shops = query.data ?? [];
  if (shops.length === 0) return null;
  const waiting = shops.filter((shop) => shop.state === 'pending').length;
  const approve = (shop: HeldShop) =>
    sendWithToast(() => review.mutateAsync({ shopId: shop._id }), `${shop.shop} is approved: its products are listed`);
  return (
    <section aria-labelledby="held-shops" className="my-6">
      <h2 id="held-shops" className="text-2xl font-bold">
        Shops waiting for review: {waiting}
      </h2>
      <p className="mt-1">Their products are listed once you approve them.</p>
      <DataTable
        label="Shops to review"
        className="mt-2"
        cards
        rows={shops}
        columns={[
          { header: 'Shop', rowHeader: true, cell: (shop) => shop.shop },
          {
            header: 'Vendor',
            cell: (shop) => (
              <>
                {shop.owner}
                <span className="block break-all text-sm">{shop.email}</span>
              </>
            ),
          },
          { header: 'Address', cell: (shop) => shop.address ?? '—' },
          {
            header: 'State',
            cell: (shop) => (shop.state === 'pending' ? 'Waiting' : `Turned down: ${shop.reason ?? ''}`),
          },
          {
            header: 'Decide',
            cell: (shop) => (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={review.isPending}
                  aria-label={`Approve ${shop.shop}`}
                  onClick={() => approve(shop)}
                >
                  Approve
                </button>
                {shop.state === 'pending' ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    aria-label={`Turn down ${shop.shop}`}
                    onClick={() => setRejecting(shop)}
                  >
                    Turn down
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      {rejecting ? <RejectDialog shop={rejecting} onClose={() => setRejecting(null)} /> : null}
    </section>
  );
}
