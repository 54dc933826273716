import { call } from '../../api/client.ts';
import { pageFetcher, stepQuery, useKeptQuery } from '../../api/kept-query.ts';

export const OUTBOX_PAGE_SIZE = 20;

const getOutbox = pageFetcher(OUTBOX_PAGE_SIZE, (query) => call('GET /outbox', { query }));
export const outboxQuery = (page: number) => stepQuery(['outbox'], page, getOutbox);
export const useOutbox = (page: number) => useKeptQuery(outboxQuery(page));
