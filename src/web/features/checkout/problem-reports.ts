import { useQuery } from '@tanstack/react-query';
import type { ProblemReportInput } from '#contract/problem-reports.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

const reportsKey = ['order-problems'] as const;

/** The problems reported with one order (its id) and each one's state. */
export const useOrderProblems = (orderId: string, enabled = true) =>
  useQuery({
    queryKey: [...reportsKey, orderId],
    enabled,
    queryFn: () => call('GET /orders/:id/problems', { params: { id: orderId } }),
  });

/** The shopper reports a problem with a shop's delivered part. */
export const useReportProblem = () =>
  useRefreshingMutation(
    ({ id, shopId, body }: { id: string; shopId: string; body: ProblemReportInput }) =>
      call('POST /orders/:id/shops/:shopId/problems', { params: { id, shopId }, body }),
    [reportsKey],
  );
