import { useQuery } from '@tanstack/react-query';
import type { MarkdownRule } from '#contract/markdowns.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const shopMarkdownKey = ['markdowns', 'shop'] as const;

/** The signed-in vendor's shop-wide near-expiry markdown ({rule: null} when none). */
export function useShopMarkdown() {
  return useQuery({ queryKey: shopMarkdownKey, queryFn: () => call('GET /markdowns/shop') });
}

/** Saves the shop's rule; the vendor's products (their prices) and the rule are read again. */
export function useSaveShopMarkdown() {
  return useRefreshingMutation(
    (rule: MarkdownRule) => call('PUT /markdowns/shop', { body: rule }),
    [shopMarkdownKey, ['products']],
  );
}

export function useClearShopMarkdown() {
  return useRefreshingMutation(() => call('DELETE /markdowns/shop'), [shopMarkdownKey, ['products']]);
}
