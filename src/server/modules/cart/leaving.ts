import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cartAddRequests, cartDeliveryAddresses, cartItems, cartShopChoices } from './tables.ts';

/** The person's cart for the export: its lines (each a size of a product; decision 052), the slots and notes chosen per shop, the delivery address. */
export async function cartForExport(db: Tx, userId: string) {
  const lines = await db
    .select({
      productId: cartItems.productId,
      optionId: cartItems.optionId,
      amount: cartItems.amount,
      createdAt: cartItems.createdAt,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  const choices = await db
    .select({
      shopId: cartShopChoices.shopId,
      windowId: cartShopChoices.windowId,
      date: cartShopChoices.date,
      note: cartShopChoices.note,
    })
    .from(cartShopChoices)
    .where(eq(cartShopChoices.userId, userId));
  const [delivery] = await db
    .select({ address: cartDeliveryAddresses.address, postcode: cartDeliveryAddresses.postcode })
    .from(cartDeliveryAddresses)
    .where(eq(cartDeliveryAddresses.userId, userId));
  const chosen = new Map(choices.map((choice) => [choice.shopId, choice]));
  return { lines, slots: [...chosen.values()], delivery: delivery ?? null };
}

/** An account leaving: its open cart is emptied, with its slot choices, notes and delivery address. */
export async function eraseCart(tx: Tx, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(cartAddRequests).where(eq(cartAddRequests.userId, userId));
  await tx.delete(cartShopChoices).where(eq(cartShopChoices.userId, userId));
  await tx.delete(cartDeliveryAddresses).where(eq(cartDeliveryAddresses.userId, userId));
}
