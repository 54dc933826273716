import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { deskOrdersKey, deskStoryKey } from './get-desk-orders.ts';

export const openProblemsKey = ['admin-open-problems'] as const;

/** The problem reports still open, newest first. */
export const useOpenProblems = () =>
  useQuery({
    queryKey: openProblemsKey,
    queryFn: () => call('GET /admin/problems', { query: { state: 'open' } }),
  });

/** The admin resolves a report in their words, without a refund. */
export const useResolveProblem = () =>
  useRefreshingMutation(
    ({ reportId, resolution }: { reportId: string; resolution: string }) =>
      call('POST /admin/problems/:reportId/resolution', { params: { reportId }, body: { resolution } }),
    [openProblemsKey, deskStoryKey, deskOrdersKey],
  );
