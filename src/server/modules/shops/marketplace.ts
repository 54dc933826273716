import { DEFAULT_DISTANCE_UNIT, type DistanceUnit } from '#contract/distance-format.ts';
import type { MarketplaceSettings } from '#contract/shops.ts';
import type { Tx } from '../../db/client.ts';
import { marketplaceSettings } from './tables.ts';

/** The marketplace's settings: the one row, or the defaults (miles) before the admin sets any. */
export async function readMarketplace(db: Tx): Promise<MarketplaceSettings> {
  const [row] = await db.select({ distanceUnit: marketplaceSettings.distanceUnit }).from(marketplaceSettings);
  return { distanceUnit: (row?.distanceUnit as DistanceUnit | undefined) ?? DEFAULT_DISTANCE_UNIT };
}

/** The admin sets the marketplace's settings (the one row, made on the first save). */
export async function setMarketplace(db: Tx, adminId: string, settings: MarketplaceSettings) {
  const values = { distanceUnit: settings.distanceUnit, setBy: adminId, updatedAt: new Date() };
  await db
    .insert(marketplaceSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: marketplaceSettings.id, set: values });
  return readMarketplace(db);
}
