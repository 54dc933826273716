import { contactApi } from '#contract/api/contact.ts';
import { call } from '../../api/client.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export const MESSAGES_PAGE_SIZE = 5;

export function getContactMessages(page: number) {
  return call(contactApi.list, { query: { page, limit: MESSAGES_PAGE_SIZE } });
}

export function useContactMessages(page: number) {
  return useKeptQuery(['contact-messages'], page, getContactMessages);
}
