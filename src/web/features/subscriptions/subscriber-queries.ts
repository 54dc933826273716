import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscribeInput } from '#contract/subscribers.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

const MINE = ['subscriptions', 'mine'] as const;

/** The signed-in shopper's subscriptions with their next deliveries. */
export const mySubscriptionsQuery = () => queryOptions({ queryKey: MINE, queryFn: () => call('GET /subscriptions') });

export const useMySubscriptions = () => useQuery(mySubscriptionsQuery());

export type QuoteChoice = { windowId: string; startsOn: string; postcode?: string };

/** What subscribing from a day on a time would bring (read again as the choice changes; off until it is complete). */
export function useQuote(planId: string, choice: QuoteChoice | null) {
  return useQuery({
    queryKey: ['subscription-plans', 'quote', planId, choice],
    queryFn: () => call('GET /subscription-plans/:id/quote', { params: { id: planId }, query: choice as QuoteChoice }),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const startCardSetup = () => call('POST /subscriptions/card-setup');

export const useSubscribe = () =>
  useRefreshingMutation((body: SubscribeInput) => call('POST /subscriptions', { body }), [MINE]);

type Change =
  | { kind: 'skip' | 'unskip'; date: string }
  | { kind: 'vacation'; from: string; until: string }
  | { kind: 'resume' | 'cancel' }
  | { kind: 'window'; windowId: string; address?: string; postcode?: string }
  | { kind: 'card'; setupIntentId: string };

function change(id: string, c: Change) {
  const params = { id };
  switch (c.kind) {
    case 'skip':
      return call('PUT /subscriptions/:id/skips/:date', { params: { id, date: c.date } });
    case 'unskip':
      return call('DELETE /subscriptions/:id/skips/:date', { params: { id, date: c.date } });
    case 'vacation':
      return call('PUT /subscriptions/:id/vacation', { params, body: { from: c.from, until: c.until } });
    case 'resume':
      return call('DELETE /subscriptions/:id/vacation', { params });
    case 'cancel':
      return call('POST /subscriptions/:id/cancel', { params });
    case 'window':
      return call('PUT /subscriptions/:id/window', {
        params,
        body: { windowId: c.windowId, address: c.address, postcode: c.postcode },
      });
    case 'card':
      return call('PUT /subscriptions/:id/card', { params, body: { setupIntentId: c.setupIntentId } });
  }
}

/** One change of one of the shopper's subscriptions; the list is read again after it. */
export const useChangeSubscription = (id: string) =>
  useRefreshingMutation((c: Change) => change(id, c), [MINE], { alsoOnError: true });
