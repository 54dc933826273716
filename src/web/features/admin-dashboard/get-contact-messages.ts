import { call } from '../../api/client.ts';
import { pageFetcher, stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const MESSAGES_PAGE_SIZE = 5;
export const contactMessagesKey = ['contact-messages'] as const;

export const getContactMessages = pageFetcher(MESSAGES_PAGE_SIZE, (query) => call('GET /contact', { query }));

export const contactMessagesQuery = (page: number) => stepQuery(contactMessagesKey, page, getContactMessages);
export const useContactMessages = (page: number) => useKeptQuery(contactMessagesQuery(page));
