import type { FastifyInstance } from 'fastify';
import { shopApprovalApi } from '#contract/api/shop-approval.ts';
import { handle } from '../../route-table.ts';
import { approvalOf, heldShops, reviewShop } from './approval.ts';

/** The vendor reads its shop's review; the admin lists the shops waiting and decides. */
export async function shopApprovalRoutes(app: FastifyInstance) {
  handle(app, shopApprovalApi.mine, async ({ user }) => approvalOf(app.db, user.id));
  handle(app, shopApprovalApi.held, async () => heldShops(app.db));
  handle(app, shopApprovalApi.review, async ({ params, body }) => reviewShop(app.db, params.shopId, body));
}
