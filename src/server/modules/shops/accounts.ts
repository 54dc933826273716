import type { UserRecord, VendorRegistrationInput } from '#contract/users.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type Account, makeVendor } from '../users/index.ts';
import { holdNewShop } from './approval.ts';
import { type ShopProfile, saveShop, shopOf, shopsByVendorIds } from './profiles.ts';

/** A user as the spec's user calls show it: the account with its shop's fields (null without a shop). */
function toUserRecord(account: Account, shop: ShopProfile | undefined): UserRecord {
  return {
    _id: account.id,
    name: account.name,
    email: account.email,
    roll: account.role,
    photoURL: account.photoUrl,
    shop: shop?.name ?? null,
    image: shop?.image ?? null,
    address: shop?.address ?? null,
    phone: shop?.phone ?? null,
    date: shop?.established ?? null,
    membership: shop?.membership ?? null,
    badge: shop?.badge ?? null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** The accounts with their shops, in the order given (one query for the shops). */
export async function userRecords(db: Tx, accounts: Account[]): Promise<UserRecord[]> {
  const found = await shopsByVendorIds(
    db,
    accounts.map((account) => account.id),
  );
  return accounts.map((account) => toUserRecord(account, found.get(account.id)));
}

/**
 * Vendor registration: a customer becomes a vendor and opens its shop (membership normal; waiting for review when the
 * marketplace reviews new shops) in one transaction; a vendor updates its shop (membership, badge and review stay).
 */
export async function registerVendor(db: Db, userId: string, input: VendorRegistrationInput): Promise<void> {
  return db.transaction(async (tx) => {
    await makeVendor(tx, userId);
    const opened = !(await shopOf(tx, userId));
    await saveShop(tx, userId, {
      name: input.shop,
      established: input.date,
      address: input.address,
      phone: input.phone,
      image: input.image,
    });
    if (opened) await holdNewShop(tx, userId);
  });
}
