import { type FormEvent, useState } from 'react';
import { DISTANCE_UNIT_NAMES, DISTANCE_UNITS, type DistanceUnit, distanceText } from '#contract/distance-format.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { marketplaceQuery, useDistanceUnit } from '../../ui/distance-unit.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { sendWithToast } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

/** The admin chooses how the whole marketplace writes distances: miles (US ZIP codes, the default) or km. */
export function MarketplacePage() {
  const current = useDistanceUnit();
  const [chosen, setChosen] = useState<DistanceUnit | null>(null);
  const unit = chosen ?? current;
  const save = useRefreshingMutation(
    (distanceUnit: DistanceUnit) => call('PUT /admin/marketplace', { body: { distanceUnit } }),
    [marketplaceQuery.queryKey],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
    </div>
  );
}
