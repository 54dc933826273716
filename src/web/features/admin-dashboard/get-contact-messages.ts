import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contactApi } from '#contract/api/contact.ts';
import { call } from '../../api/client.ts';

export const MESSAGES_PAGE_SIZE = 5;

export function getContactMessages(page: number) {
  return call(contactApi.list, { query: { page, limit: MESSAGES_PAGE_SIZE } });
}

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: ['contact-messages', page],
    queryFn: () => getContactMessages(page),
    placeholderData: keepPreviousData,
  });
}
