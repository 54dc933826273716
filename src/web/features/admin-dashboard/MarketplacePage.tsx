import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DISTANCE_UNIT_NAMES, DISTANCE_UNITS, type DistanceUnit, distanceText } from '#contract/distance-format.ts';
import { DEFAULT_PAPER_SIZE, PAPER_SIZE_NAMES, PAPER_SIZES, type PaperSize } from '#contract/paper.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { marketplaceQuery, useDistanceUnit } from '../../ui/distance-unit.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

/** Whether new shops wait for an admin's approval before their products are listed (off by default). */
function ShopReviewSetting() {
  const settings = useQuery(marketplaceQuery);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const on = chosen ?? settings.data?.shopApproval ?? false;
  const save = useRefreshingMutation(
    (shopApproval: boolean) => call('PUT /admin/marketplace', { body: { shopApproval } }),
    [marketplaceQuery.queryKey],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!settings.data) return; // not before the setting is known: Save would send the default
    void sendWithToast(
      () => save.mutateAsync(on),
      on ? 'New shops now wait for your approval' : 'New shops now go live at once',
    );
  };
  return (
    <FormCard
      id="shop-review"
      title="New shops"
      onSubmit={onSubmit}
      className="max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
    >
      <label className="flex cursor-pointer items-start gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary mt-1"
          checked={on}
          disabled={!settings.data}
          onChange={(event) => setChosen(event.target.checked)}
        />
        <span>
          New shops wait for an admin’s approval before their products are listed
          <span className="block text-sm text-base-content/70">
            Shops already open stay listed. Turning this off approves no shop waiting: approve those on the Vendors
            page.
          </span>
        </span>
      </label>
      <SubmitButton busy={save.isPending} className="mt-4">
        Save
      </SubmitButton>
    </FormCard>
  );
}

const PAPER_DETAILS: Record<PaperSize, string> = { letter: '8.5 × 11 in', a4: '210 × 297 mm' };

/** The paper every PDF is laid out for: invoices, receipts' invoices, pick lists, packing slips and statements. */
function PaperSetting() {
  const settings = useQuery(marketplaceQuery);
  const [chosen, setChosen] = useState<PaperSize | null>(null);
  const paper = chosen ?? settings.data?.paperSize ?? DEFAULT_PAPER_SIZE;
  const save = useRefreshingMutation(
    (paperSize: PaperSize) => call('PUT /admin/marketplace', { body: { paperSize } }),
    [marketplaceQuery.queryKey],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!settings.data) return; // not before the setting is known: Save would send the default
    void sendWithToast(() => save.mutateAsync(paper), `Documents are now printed on ${PAPER_SIZE_NAMES[paper]}`);
  };
  return (
    <FormCard
      id="paper-size"
      title="Printed documents"
      onSubmit={onSubmit}
      className="max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
    >
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Invoices, pick lists, packing slips and statements are printed on</legend>
        {PAPER_SIZES.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="paper-size"
              className="radio radio-sm radio-primary"
              checked={paper === option}
              disabled={!settings.data}
              onChange={() => setChosen(option)}
            />
            {PAPER_SIZE_NAMES[option]} <span className="text-base-content/70">({PAPER_DETAILS[option]})</span>
          </label>
        ))}
      </fieldset>
      <SubmitButton busy={save.isPending} className="mt-4">
        Save
      </SubmitButton>
    </FormCard>
  );
}

/**
 * The admin chooses how the whole marketplace writes distances (miles, the default for US ZIP codes, or km), the
 * paper of its documents and whether new shops are reviewed.
 */
export function MarketplacePage() {
  const settings = useQuery(marketplaceQuery);
  const current = useDistanceUnit();
  const [chosen, setChosen] = useState<DistanceUnit | null>(null);
  const unit = chosen ?? current;
  const save = useRefreshingMutation(
    (distanceUnit: DistanceUnit) => call('PUT /admin/marketplace', { body: { distanceUnit } }),
    [marketplaceQuery.queryKey],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!settings.data) return; // not before the setting is known: Save would send the default
    void sendWithToast(() => save.mutateAsync(unit), `Distances are now written in ${DISTANCE_UNIT_NAMES[unit]}`);
  };
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Marketplace</h1>
      <FormCard
        id="distance-unit"
        title="Distances"
        onSubmit={onSubmit}
        className="max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
      >
        <fieldset className="fieldset">
          <legend className="fieldset-legend">
            Product cards, the shop list and delivery areas write distances in
          </legend>
          {DISTANCE_UNITS.map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="distance-unit"
                className="radio radio-sm radio-primary"
                checked={unit === option}
                disabled={!settings.data}
                onChange={() => setChosen(option)}
              />
              {DISTANCE_UNIT_NAMES[option]}{' '}
              <span className="text-base-content/70">(for example “{distanceText(16.1, option)} away”)</span>
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={save.isPending} className="mt-4">
          Save
        </SubmitButton>
      </FormCard>
      <PaperSetting />
      <ShopReviewSetting />
    </div>
  );
}
