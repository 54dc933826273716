import type { FastifyInstance } from 'fastify';
import { payoutsApi } from '#contract/api/payouts.ts';
import { notFound } from '../../errors.ts';
import { handle } from '../../route-table.ts';
import { shopOf } from '../shops/index.ts';
import { requireVerifiedEmail } from '../users/index.ts';
import type { PayoutSources } from './sources.ts';

/** The marketplace's commission (admin), the vendors' payout accounts and the admin's holds. */
export async function payoutRoutes(app: FastifyInstance, sources: PayoutSources) {
  const { active: provider, sandbox } = app.payments;
  const payoutsPage = `${app.config.publicUrl}/dashboard/payouts`;
  const urls = { returnUrl: payoutsPage, refreshUrl: `${payoutsPage}?refresh=1` };

  handle(app, payoutsApi.commission, async () => sources.commissionSettings(app.db));
  handle(app, payoutsApi.setCommission, async ({ body, user }) => sources.setCommission(app.db, user.id, body));

  handle(app, payoutsApi.account, async ({ user, log }) => {
    const { account, due } = await sources.payoutAccountOf(app.db, provider, user, urls);
    await sources.sendPayouts(app.db, provider, { transferIds: due }, { log });
    return account;
  });

  handle(app, payoutsApi.connect, async ({ user, log }) => {
    requireVerifiedEmail(user);
    const { account, due } = await sources.connectPayoutAccount(app.db, provider, user, urls);
    await sources.sendPayouts(app.db, provider, { transferIds: due }, { log });
    return account;
  });

  handle(app, payoutsApi.sandboxOnboarding, async ({ user, body, log }) => {
    if (provider.name !== 'sandbox') throw notFound('Sandbox onboarding');
    const due = await sources.submitSandboxOnboarding(app.db, sandbox, user, body);
    await sources.sendPayouts(app.db, provider, { transferIds: due }, { log });
    return (await sources.payoutAccountOf(app.db, provider, user, urls)).account;
  });

  handle(app, payoutsApi.hold, async ({ params, body, user, log }) => {
    if (!(await shopOf(app.db, params.shopId))) throw notFound('Shop');
    const due = await sources.setPayoutHold(app.db, params.shopId, body.held, user.id);
    await sources.sendPayouts(app.db, provider, { transferIds: due }, { log });
    return { shopId: params.shopId, held: body.held };
  });
}
