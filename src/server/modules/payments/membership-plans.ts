import {
  DEFAULT_PLAN_KEY,
  type MembershipPlan,
  type MembershipPlanInput,
  type MembershipPlanList,
} from '#contract/membership-plans.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { membershipPlanRows, planRow, savePlan, toPlan } from '../shops/index.ts';
import { recordCommissionChange } from './commission.ts';

/** GET /membership-plans (offered only) and GET /admin/membership-plans (every plan). */
export async function membershipPlans(db: Tx, offeredOnly: boolean): Promise<MembershipPlanList> {
  return { plans: (await membershipPlanRows(db, { offeredOnly })).map(toPlan) };
}

/**
 * PUT /admin/membership-plans/:key: the plan from now on. Shops on it get its new limit at their next product (a shop
 * over a lowered limit keeps what it lists), orders placed from now on its commission, payments started from now on
 * its price. The normal plan stays the free, offered plan every shop starts on and falls back to.
 */
export async function putMembershipPlan(
  db: Db,
  adminId: string,
  key: string,
  input: MembershipPlanInput,
): Promise<MembershipPlan> {
  if (key === DEFAULT_PLAN_KEY) {
    const fields: Record<string, string> = {};
    if (input.billing !== 'free') fields.billing = 'The normal membership stays free: every shop starts on it';
    if (!input.active) fields.active = 'The normal membership stays offered: every shop starts on it';
    const [first] = Object.values(fields);
    if (first) throw badRequest(first, fields);
  }
  return db.transaction(async (tx) => {
    await savePlan(tx, key, input);
    await recordCommissionChange(tx, adminId);
    return toPlan((await planRow(tx, key))!);
  });
}
