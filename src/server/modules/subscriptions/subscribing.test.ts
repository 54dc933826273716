import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from '../../test/app.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { MARKET, nextFridayNoon, shopWith } from '../checkout/fulfilment-fixtures.ts';
import { boxPlan, dayAfter, setupSubscriberApp, startCardSetup, subscribeCall } from './subscribe-fixtures.ts';
import { subscriptions } from './tables.ts';

/**
 * Subscribing (issue 37 item 2): a verified shopper chooses a plan's time, a first day and saves a card (a Stripe
 * SetupIntent, here against the local Stripe stand-in), under the plan's cap. The clock is noon of a Friday in the
 * shop's zone: tomorrow's Saturday pickup has closed (24 h cutoff), so the first Saturday is in 8 days.
 */
const NOW = nextFridayNoon();
const standIn = madeBeforeAll(startStripeStandIn);
const t = setupSubscriberApp(
  () => NOW,
  () => ({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_farmstall',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_API_BASE: standIn.url,
  }),
);

let pickup: string;
let delivery: string;
const SATURDAY = dayAfter(NOW, 8);

async function farmWithPlan(extra: object = {}) {
  const f = await shopWith(t, MARKET);
  const settings = await t.app.inject({ method: 'GET', url: `/api/shops/${f.id}/fulfilment`, headers: f.auth });
  const body = settings.json();
  const windows = {
    pickup: body.pickupPoints[0].windows[0].id as string,
    delivery: body.delivery.windows[0].id as string,
  };
  const planId = await boxPlan(t, f, [windows.pickup, windows.delivery], extra);
  return { farm: f, planId, ...windows };
}

/** A card saved through a SetupIntent with one of the stand-in's test payment methods. */
async function savedCard(shopper: TestUser, method = 'pm_card_visa') {
  const setup = await startCardSetup(t, shopper);
  standIn.confirmSetup(setup.setupIntentId, method);
  return setup.setupIntentId;
}

let planId: string;
const quote = (id: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/subscription-plans/${id}/quote?${query}` });

describe('subscribing to a plan', () => {
  it('quotes the first delivery on or after the day chosen, on the time chosen', async () => {
    ({ planId, pickup, delivery } = await farmWithPlan());
    const answer = await quote(planId, `windowId=${pickup}&startsOn=${dayAfter(NOW, 0)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      firstDelivery: SATURDAY,
      firstSlot: expect.stringMatching(/^Sat \d+ \w+, 09:00–12:00$/),
      deliveriesLeft: null,
      perDelivery: 30,
      deliveryFee: null,
      seasonPrice: null,
    });
    expect((await quote(planId, `windowId=${pickup}&startsOn=${dayAfter(NOW, 9)}`)).json().firstDelivery).toBe(
      dayAfter(NOW, 15),
    );
  });

  it('refuses a time of another plan, a day gone by and a delivery outside the area, each by its field', async () => {
    const other = await farmWithPlan();
    const wrong = await quote(planId, `windowId=${other.pickup}&startsOn=${dayAfter(NOW, 1)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      windowId: 'This time does not serve the plan: choose one of its times',
    });
    const past = await quote(planId, `windowId=${pickup}&startsOn=${dayAfter(NOW, -1)}`);
    expect(past.json().error.fields).toEqual({ startsOn: 'Choose today or a later day' });
    const noPostcode = await quote(planId, `windowId=${delivery}&startsOn=${dayAfter(NOW, 1)}`);
    expect(noPostcode.json().error.fields).toEqual({ postcode: 'Enter the postcode to deliver to' });
    const outside = await quote(planId, `windowId=${delivery}&startsOn=${dayAfter(NOW, 1)}&postcode=10001`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatchObject({
      code: 'OUT_OF_AREA',
      message: expect.stringContaining('does not deliver to 10001'),
    });
    const inside = await quote(planId, `windowId=${delivery}&startsOn=${dayAfter(NOW, 1)}&postcode=97214`);
    expect(inside.statusCode, inside.body).toBe(200);
    // The shop's $6.50 delivery fee (free from $60) is added to each $30 box.
    expect(inside.json()).toMatchObject({ firstDelivery: dayAfter(NOW, 5), perDelivery: 30, deliveryFee: 6.5 });
  });

  it('subscribes a verified shopper with a saved card, and lists it with its card and next delivery', async () => {
    const shopper = await createUser(t);
    const setupIntentId = await savedCard(shopper);
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: delivery,
      address: '12 Belmont St, Portland',
      postcode: '97214',
      startsOn: dayAfter(NOW, 0),
      setupIntentId,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      plan: { id: planId, name: 'Weekly box' },
      status: 'active',
      window: { id: delivery, kind: 'delivery', label: 'Delivery Wednesday 16:00–19:00' },
      deliveryAddress: '12 Belmont St, Portland',
      card: { brand: 'visa', last4: '4242' },
      cardState: 'ready',
      nextDelivery: dayAfter(NOW, 5),
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: shopper.auth });
    expect(mine.json()).toHaveLength(1);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, shopper.id));
    expect(row.providerCustomerId).toBe(standIn.setupIntents.get(setupIntentId)?.customer);
    const again = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(shopper),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already subscribed to this plan: see your subscriptions');
  });

  it('saves nothing with a declined card, and says why', async () => {
    const shopper = await createUser(t);
    const setupIntentId = await savedCard(shopper, 'pm_card_chargeDeclined');
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId,
    });
    expect(made.statusCode).toBe(402);
    expect(made.json().error.message).toBe('Your card was declined.');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, shopper.id))).toEqual([]);
  });

  it('waits for a card that needs authentication to be authenticated', async () => {
    const shopper = await createUser(t);
    const setupIntentId = await savedCard(shopper, 'pm_card_authenticationRequiredOnSetup');
    const payload = { planId, windowId: pickup, startsOn: dayAfter(NOW, 0), setupIntentId };
    const before = await subscribeCall(t, shopper, payload);
    expect(before.statusCode).toBe(402);
    expect(before.json().error.message).toBe('Your card is not saved yet: enter it again');
    standIn.authenticateSetup(setupIntentId, true);
    const after = await subscribeCall(t, shopper, payload);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().card).toMatchObject({ last4: '3155' });
  });

  it('refuses another shopper’s card setup, and a shopper whose e-mail is not verified', async () => {
    const shopper = await createUser(t);
    const other = await createUser(t);
    const setupIntentId = await savedCard(other);
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId,
    });
    expect(made.statusCode).toBe(404);
    const unverified = await createUser(t, { verified: false });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/card-setup',
      headers: unverified.auth,
    });
    expect(setup.statusCode).toBe(403);
    expect(setup.json().error.code).toBe('EMAIL_UNVERIFIED');
  });

  it('prorates a season joined late by the deliveries left, and splits it in the installments', async () => {
    // The season began three weeks ago (Fri −21) and ends on the Saturday five weeks from the first one open now:
    // nine Saturdays in all, four gone or closed (−20, −13, −6 and tomorrow), five left.
    const season = await farmWithPlan({
      name: 'Summer share',
      billing: 'installments',
      seasonPrice: 90,
      installments: 3,
      startsOn: dayAfter(NOW, -21),
      endsOn: dayAfter(NOW, 36),
    });
    const answer = await quote(season.planId, `windowId=${season.pickup}&startsOn=${dayAfter(NOW, 0)}`);
    expect(answer.json()).toMatchObject({
      firstDelivery: dayAfter(NOW, 8),
      deliveriesLeft: 5,
      seasonDeliveries: 9,
      perDelivery: null,
      seasonPrice: 50,
    });
    // Five deliveries in three payments: two, two and one; each later one taken at its first delivery's cutoff.
    expect(answer.json().installments).toEqual([16.66, 16.66, 16.68]);
    expect(answer.json().schedule).toEqual([
      { amount: 16.66, coversFrom: dayAfter(NOW, 8), coversUntil: dayAfter(NOW, 21), deliveries: 2 },
      { amount: 16.66, coversFrom: dayAfter(NOW, 22), coversUntil: dayAfter(NOW, 35), deliveries: 2 },
      { amount: 16.68, coversFrom: dayAfter(NOW, 36), coversUntil: dayAfter(NOW, 36), deliveries: 1 },
    ]);

    // A card the bank refuses off-session: nothing is kept, and the shopper is told why.
    const refused = await createUser(t);
    const declined = await subscribeCall(t, refused, {
      planId: season.planId,
      windowId: season.pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(refused, 'pm_card_chargeCustomerFail'),
    });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().error.message).toMatch(
      /^Your card was not charged for the season, so you are not subscribed: .+/,
    );
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, refused.id))).toEqual([]);

    // A good card: the first payment is taken at once through Stripe, the others wait for their deliveries.
    const shopper = await createUser(t);
    const joined = await subscribeCall(t, shopper, {
      planId: season.planId,
      windowId: season.pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(shopper),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const payments = joined.json().season;
    expect(payments.map((p: { state: string; amount: number }) => [p.state, p.amount])).toEqual([
      ['paid', 16.66],
      ['due', 16.66],
      ['due', 16.68],
    ]);
    const charged = [...standIn.intents.values()].filter((pi) => pi.metadata.subscriptionId === joined.json().id);
    expect(charged).toMatchObject([{ amount: 1666, status: 'succeeded', metadata: { seasonPayment: '1' } }]);
  });

  it('takes the last place of a capped plan once when two shoppers subscribe at the same moment', async () => {
    const capped = await farmWithPlan({ cap: 1 });
    const [ann, bo] = [await createUser(t), await createUser(t)];
    const cards = [await savedCard(ann), await savedCard(bo)];
    const answers = await Promise.all(
      [ann, bo].map((shopper, i) =>
        subscribeCall(t, shopper, {
          planId: capped.planId,
          windowId: capped.pickup,
          startsOn: dayAfter(NOW, 0),
          setupIntentId: cards[i],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.message).toBe(
      'This plan is full: every place is taken',
    );
    const full = await quote(capped.planId, `windowId=${capped.pickup}&startsOn=${dayAfter(NOW, 0)}`);
    expect(full.statusCode).toBe(409);
  });
});

describe('the shopper’s own subscription', () => {
  let shopper: TestUser;
  let id: string;
  const act = (method: 'PUT' | 'DELETE' | 'POST', path: string, payload?: object, who?: TestUser) =>
    t.app.inject({ method, url: `/api/subscriptions/${id}${path}`, headers: (who ?? shopper).auth, payload });

  it('skips a coming delivery and takes the skip back, until its cutoff', async () => {
    shopper = await createUser(t);
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(shopper),
    });
    id = made.json().id;
    expect(made.json().coming.map((c: { date: string }) => c.date)).toEqual(
      [8, 15, 22, 29].map((d) => dayAfter(NOW, d)),
    );
    const skipped = await act('PUT', `/skips/${SATURDAY}`);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().coming[0]).toMatchObject({ date: SATURDAY, state: 'skipped' });
    expect(skipped.json().nextDelivery).toBe(dayAfter(NOW, 15));
    expect((await act('PUT', `/skips/${SATURDAY}`)).statusCode).toBe(200);
    const unskipped = await act('DELETE', `/skips/${SATURDAY}`);
    expect(unskipped.json().coming[0]).toMatchObject({ state: 'coming' });
    expect((await act('DELETE', `/skips/${SATURDAY}`)).json().error.message).toBe('That delivery is not skipped');
  });

  it('refuses a day that is not a delivery, one whose ordering closed, and another shopper', async () => {
    const notADay = await act('PUT', `/skips/${dayAfter(NOW, 9)}`);
    expect(notADay.statusCode).toBe(409);
    expect(notADay.json().error.message).toBe('There is no delivery of this subscription on that day');
    // Tomorrow's Saturday closed at 9:00 today (24 h cutoff): it is not among the coming deliveries either.
    expect((await act('PUT', `/skips/${dayAfter(NOW, 1)}`)).statusCode).toBe(409);
    const stranger = await createUser(t);
    expect((await act('PUT', `/skips/${SATURDAY}`, undefined, stranger)).statusCode).toBe(404);
  });

  it('pauses for a vacation and resumes', async () => {
    const away = await act('PUT', '/vacation', { from: dayAfter(NOW, 7), until: dayAfter(NOW, 20) });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json()).toMatchObject({
      status: 'active',
      vacation: { from: dayAfter(NOW, 7), until: dayAfter(NOW, 20) },
    });
    expect(away.json().coming.map((c: { state: string }) => c.state)).toEqual([
      'vacation',
      'vacation',
      'coming',
      'coming',
    ]);
    expect(away.json().nextDelivery).toBe(dayAfter(NOW, 22));
    expect((await act('PUT', `/skips/${SATURDAY}`)).json().error.message).toBe('That day is in your vacation already');
    const backwards = await act('PUT', '/vacation', { from: dayAfter(NOW, 9), until: dayAfter(NOW, 8) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ until: 'The last day comes after the first' });
    const back = await act('DELETE', '/vacation');
    expect(back.json()).toMatchObject({ vacation: null, nextDelivery: SATURDAY });
    expect((await act('DELETE', '/vacation')).json().error.message).toBe('There is no vacation to end');
  });

  it('changes the time to a delivery in the area, and the card', async () => {
    const outside = await act('PUT', '/window', { windowId: delivery, address: '1 Main St', postcode: '10001' });
    expect(outside.statusCode).toBe(400);
    const moved = await act('PUT', '/window', { windowId: delivery, address: '5 Hawthorne Blvd', postcode: '97215' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      window: { id: delivery },
      deliveryAddress: '5 Hawthorne Blvd',
      // From the subscription's first delivery on (the Saturday in 8 days), the first Wednesday.
      nextDelivery: dayAfter(NOW, 12),
    });
    const declined = await act('PUT', '/card', { setupIntentId: await savedCard(shopper, 'pm_card_chargeDeclined') });
    expect(declined.statusCode).toBe(402);
    const another = await act('PUT', '/card', {
      setupIntentId: await savedCard(shopper, 'pm_card_authenticationRequired'),
    });
    expect(another.json().card).toMatchObject({ last4: '3184' });
  });

  it('cancels: no delivery comes after, and nothing can change any more', async () => {
    const cancelled = await act('POST', '/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextDelivery: null, endsAfter: dayAfter(NOW, -1) });
    expect(cancelled.json().coming).toEqual([]);
    const again = await act('POST', '/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This subscription is cancelled');
    expect((await act('PUT', `/skips/${SATURDAY}`)).statusCode).toBe(409);
    // A new subscription to the plan may start again.
    const anew = await subscribeCall(t, shopper, {
      planId,
      windowId: pickup,
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(shopper),
    });
    expect(anew.statusCode, anew.body).toBe(201);
  });
});

describe('a subscriber’s data', () => {
  it('is in the data export, and a shopper leaving cancels their subscriptions and their address goes', async () => {
    const shopper = await createUser(t, { password: 'Leaving#2026!' });
    const made = await subscribeCall(t, shopper, {
      planId,
      windowId: delivery,
      address: '8 Division St, Portland',
      postcode: '97214',
      startsOn: dayAfter(NOW, 0),
      setupIntentId: await savedCard(shopper),
    });
    expect(made.statusCode, made.body).toBe(201);
    const exported = await t.app.inject({ method: 'GET', url: '/api/users/me/data', headers: shopper.auth });
    expect(exported.json().subscriptions).toMatchObject([
      { planId, deliveryAddress: '8 Division St, Portland', status: 'active', deliveries: [] },
    ]);
    const left = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: shopper.auth,
      payload: { password: 'Leaving#2026!' },
    });
    expect(left.statusCode, left.body).toBe(200);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, shopper.id));
    expect(row).toMatchObject({ status: 'cancelled', deliveryAddress: null, deliveryPostcode: null });
  });
});
