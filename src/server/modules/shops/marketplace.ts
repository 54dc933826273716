import { DEFAULT_DISTANCE_UNIT, type DistanceUnit } from '#contract/distance-format.ts';
import { DEFAULT_PAPER_SIZE, type PaperSize } from '#contract/paper.ts';
import type { MarketplaceSettings } from '#contract/shops.ts';
import type { Tx } from '../../db/client.ts';
import { marketplaceSettings } from './tables.ts';

/**
 * The marketplace's settings: the one row, or the defaults (miles, new shops live at once, US Letter) before the admin
 * sets any.
 */
export async function readMarketplace(db: Tx): Promise<Required<MarketplaceSettings>> {
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

/** The admin sets the marketplace's settings (the one row, made on the first save). */
export async function setMarketplace(db: Tx, adminId: string, settings: MarketplaceSettings) {
  const values = {
    distanceUnit: settings.distanceUnit,
    ...(settings.shopApproval === undefined ? {} : { shopApproval: settings.shopApproval }),
    ...(settings.paperSize === undefined ? {} : { paperSize: settings.paperSize }),
    setBy: adminId,
    updatedAt: new Date(),
  };
  await db
    .insert(marketplaceSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: marketplaceSettings.id, set: values });
  return readMarketplace(db);
}
