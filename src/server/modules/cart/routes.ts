import type { FastifyInstance } from 'fastify';
import { cartApi } from '#contract/api/cart.ts';
import { checkoutPlanApi } from '#contract/api/checkout-plan.ts';
import { normalizeEmail } from '#contract/validation.ts';
import { forbidden } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { deleted, inserted } from '../../spec-answers.ts';
import { cartPlan, chooseSlot, setDeliveryAddress, toCheckoutPlan } from './fulfilment.ts';
import { addToCart, getCart, removeFromCart, setCartAmount } from './service.ts';

export async function cartRoutes(app: FastifyInstance) {
  handle(app, cartApi.list, async ({ query, user }) => {
    if (normalizeEmail(query.email) !== user.email) throw forbidden('You can only see your own cart');
    return getCart(app.db, user);
  });

  handle(app, cartApi.add, async ({ body, user }) => {
    const { lineId, ...added } = await addToCart(app.db, user.id, body);
    return { ...inserted(lineId), ...added };
  });

  handle(app, cartApi.setAmount, async ({ params, body, user }) => setCartAmount(app.db, user, params.id, body.amount));

  handle(app, cartApi.remove, async ({ params, user }) => deleted(await removeFromCart(app.db, user.id, params.id)));

  /** The caller's plan as it stands now (the app's clock, which tests move). */
  const plan = async (userId: string) =>
    toCheckoutPlan(await cartPlan(app.db, userId, app.now()), app.config.businessTimeZone);

  handle(app, checkoutPlanApi.plan, async ({ user }) => plan(user.id));

  handle(app, checkoutPlanApi.choose, async ({ params, body, user }) => {
    await chooseSlot(app.db, user.id, params.shopId, body, app.now());
    return plan(user.id);
  });

  handle(app, checkoutPlanApi.setDeliveryAddress, async ({ body, user }) => {
    await setDeliveryAddress(app.db, user.id, body, app.now());
    return plan(user.id);
  });
}
