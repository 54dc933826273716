import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactMessagePage } from '#contract/contact.ts';
import { api } from '../../api/client.ts';

export const MESSAGES_PAGE_SIZE = 5;

export function getContactMessages(page: number) {
  return api<ContactMessagePage>('/contact', { query: { page, limit: MESSAGES_PAGE_SIZE } });
}

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: ['contact-messages', page],
    queryFn: () => getContactMessages(page),
    placeholderData: keepPreviousData,
  });
}
