import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliveryChangesApi } from '#contract/api/delivery-changes.ts';
import { subscribersApi } from '#contract/api/subscribers.ts';
import { SUBSCRIBE_MESSAGES } from '#contract/subscribers.ts';
import { businessToday } from '../../business-day.ts';
import { AppError, notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { requireVerifiedEmail } from '../users/index.ts';
import {
  addDeliveryLine,
  madeDelivery,
  moveDeliveryWindow,
  removeDeliveryLine,
  swapDeliveryLine,
} from './delivery-changes.ts';
import { mySubscription, mySubscriptions } from './my-subscriptions.ts';
import { dropUnpaidSubscription, takeSeasonPayment } from './season-payments.ts';
import { type PlanClock, publicPlan } from './service.ts';
import { placeChoice, quote, seasonFrom, startOf, writeSubscription } from './subscribe.ts';
import {
  cancelSubscription,
  changeCard,
  changeWindow,
  resume,
  savedCardOf,
  setVacation,
  skipDelivery,
  unskipDelivery,
} from './subscriber-actions.ts';
import { subscriptions } from './tables.ts';

/** Shoppers subscribing (with a card saved for later) and managing their own subscriptions; the sandbox's card steps. */
export async function subscriberRoutes(app: FastifyInstance) {
  const { active: provider, sandbox } = app.payments;
  const clock = (): PlanClock => {
    const now = app.now();
    return {
      now,
      today: businessToday(app.config.businessTimeZone, now),
      defaultTimeZone: app.config.businessTimeZone,
    };
  };

  handle(app, subscribersApi.quote, async ({ params, query }) => quote(app.db, params.id, query, clock()));

  handle(app, subscribersApi.cardSetup, async ({ user }) => {
    requireVerifiedEmail(user);
    // The shopper's customer at the provider, when an earlier subscription made one: their cards stay together.
    const [earlier] = await app.db
      .select({ customerId: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const setup = await provider.createSetupIntent({
      customerId: earlier?.customerId ?? undefined,
      email: user.email,
      metadata: { userId: user.id, purpose: 'subscription' },
    });
    return { setupIntentId: setup.id, clientSecret: setup.clientSecret };
  });

  handle(app, subscribersApi.subscribe, async ({ body, user }) => {
    requireVerifiedEmail(user);
    const now = clock();
    const plan = await publicPlan(app.db, body.planId, now);
    const placed = await placeChoice(app.db, plan, body, now, true);
    const first = startOf(placed, body.startsOn, now);
    const card = await savedCardOf(provider, user.id, body.setupIntentId);
    const { schedule } = seasonFrom(placed, first, now);
    const id = await writeSubscription(app.db, user.id, { placed, first, card, schedule }, now);
    if (schedule.length > 0) {
      // A season's first payment is taken now; refused, the subscription is not kept (decision 070).
      const taken = await takeSeasonPayment(app.db, provider, { subscriptionId: id, number: 1 }, now.now);
      if (!taken.ok) {
        await dropUnpaidSubscription(app.db, id);
        throw new AppError('PAYMENT_FAILED', `${SUBSCRIBE_MESSAGES.seasonNotCharged}: ${taken.message}`);
      }
    }
    return mySubscription(app.db, user.id, id, now);
  });

  handle(app, subscribersApi.mine, async ({ user }) => mySubscriptions(app.db, user.id, clock()));

  /** Does a change, then answers the subscription as it stands. */
  const then = async (userId: string, id: string, change: (now: PlanClock) => Promise<void>) => {
    const now = clock();
    await change(now);
    return mySubscription(app.db, userId, id, now);
  };

  handle(app, subscribersApi.skip, async ({ params, user }) =>
    then(user.id, params.id, (now) => skipDelivery(app.db, user.id, params.id, params.date, now)),
  );
  handle(app, subscribersApi.unskip, async ({ params, user }) =>
    then(user.id, params.id, (now) => unskipDelivery(app.db, user.id, params.id, params.date, now)),
  );
  handle(app, subscribersApi.vacation, async ({ params, body, user }) =>
    then(user.id, params.id, (now) => setVacation(app.db, user.id, params.id, body, now)),
  );
  handle(app, subscribersApi.resume, async ({ params, user }) =>
    then(user.id, params.id, (now) => resume(app.db, user.id, params.id, now)),
  );
  handle(app, subscribersApi.changeWindow, async ({ params, body, user }) =>
    then(user.id, params.id, (now) => changeWindow(app.db, user.id, params.id, body, now)),
  );
  handle(app, subscribersApi.changeCard, async ({ params, body, user }) =>
    then(user.id, params.id, (now) => changeCard(app.db, provider, user.id, params.id, body.setupIntentId, now)),
  );
  handle(app, subscribersApi.cancel, async ({ params, user }) =>
    then(user.id, params.id, (now) => cancelSubscription(app.db, user.id, params.id, now)),
  );

  // One made delivery's order, changed until its cutoff; each answers the delivery as it stands after.
  handle(app, deliveryChangesApi.madeDelivery, async ({ params, user }) =>
    madeDelivery(app.db, user.id, params, clock()),
  );
  const changed = async (
    userId: string,
    params: { id: string; date: string },
    change: (now: PlanClock) => Promise<void>,
  ) => {
    const now = clock();
    await change(now);
    return madeDelivery(app.db, userId, params, now);
  };
  handle(app, deliveryChangesApi.addLine, async ({ params, body, user }) =>
    changed(user.id, params, (now) => addDeliveryLine(app.db, user.id, params, body, now)),
  );
  handle(app, deliveryChangesApi.swapLine, async ({ params, body, user }) =>
    changed(user.id, params, (now) => swapDeliveryLine(app.db, user.id, params, body, now)),
  );
  handle(app, deliveryChangesApi.moveWindow, async ({ params, body, user }) =>
    changed(user.id, params, (now) => moveDeliveryWindow(app.db, user.id, params, body, now)),
  );
  handle(app, deliveryChangesApi.removeLine, async ({ params, user }) =>
    changed(user.id, params, (now) => removeDeliveryLine(app.db, user.id, params, now)),
  );

  const ownSetup = async (userId: string, setupIntentId: string) => {
    if (provider.name !== 'sandbox') throw notFound('Sandbox card setup');
    if ((await sandbox.setupOwner(setupIntentId)) !== userId) throw notFound('Card setup');
  };

  handle(app, subscribersApi.sandboxConfirmSetup, async ({ body, user }) => {
    await ownSetup(user.id, body.setupIntentId);
    const { cardNumber, expiry } = body;
    const state = await sandbox.confirmSetup(body.setupIntentId, body.clientSecret, { cardNumber, expiry });
    return { status: state.status };
  });

  handle(app, subscribersApi.sandboxAuthenticateSetup, async ({ body, user }) => {
    await ownSetup(user.id, body.setupIntentId);
    const state = await sandbox.authenticateSetup(body.setupIntentId, body.clientSecret, body.approve);
    return { status: state.status };
  });
}
