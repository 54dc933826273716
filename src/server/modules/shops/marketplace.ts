import { DEFAULT_DISTANCE_UNIT, type DistanceUnit } from '#contract/distance-format.ts';
import { DEFAULT_PAPER_SIZE, type PaperSize } from '#contract/paper.ts';
import type { MarketplaceSettings, MarketplaceSettingsChange } from '#contract/shops.ts';
import type { Tx } from '../../db/client.ts';
import { marketplaceSettings } from './tables.ts';

/**
 * The marketplace's settings: the one row, or the defaults (miles, new shops live at once, US Letter) before the admin
 * sets any.
 */
export async function readMarketplace(db: Tx): Promise<MarketplaceSettings> {
  const [row] = await db
    .select({
      distanceUnit: marketplaceSettings.distanceUnit,
      shopApproval: marketplaceSettings.shopApproval,
      paperSize: marketplaceSettings.paperSize,
    })
    .from(marketplaceSettings);
  return {
    distanceUnit: (row?.distanceUnit as DistanceUnit | undefined) ?? DEFAULT_DISTANCE_UNIT,
    shopApproval: row?.shopApproval ?? false,
    paperSize: (row?.paperSize as PaperSize | undefined) ?? DEFAULT_PAPER_SIZE,
  };
}

/** The admin changes the settings sent, the others stay (the one row, made on the first save with the defaults). */
export async function setMarketplace(db: Tx, adminId: string, change: MarketplaceSettingsChange) {
  const values = {
    ...(change.distanceUnit === undefined ? {} : { distanceUnit: change.distanceUnit }),
    ...(change.shopApproval === undefined ? {} : { shopApproval: change.shopApproval }),
    ...(change.paperSize === undefined ? {} : { paperSize: change.paperSize }),
    setBy: adminId,
    updatedAt: new Date(),
  };
  await db
    .insert(marketplaceSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: marketplaceSettings.id, set: values });
  return readMarketplace(db);
}
