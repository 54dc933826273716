import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

// A database that is away answers 503 with a reason and Retry-After, whatever layer the error came through;
// any other failure stays a masked 500.

/** What pg, pg-pool and drizzle throw when the connection is lost or cannot be had. */
const failures: Record<string, () => Error> = {
  'terminated by an operator (57P01)': () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  'starting up (57P03)': () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'too many connections (53300)': () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
  'a connection exception (class 08)': () => Object.assign(new Error('connection failure'), { code: '08006' }),
  'refused (in drizzle)': () =>
    new Error('Failed query: select 1', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    }),
  'ended under a statement': () => new Error('Connection terminated unexpectedly'),
  'used after it was lost': () => new Error('Client has encountered a connection error and is not queryable'),
  'no connection in time': () => new Error('timeout exceeded when trying to connect'),
};

const app = Fastify({ logger: false });
await app.register(errorsPlugin);
app.get<{ Params: { name: string } }>('/away/:name', async (request) => {
  throw failures[request.params.name]();
});
app.get('/bug', async () => {
  throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
});
afterAll(() => app.close());

describe('a database that is away', () => {
  it.each(Object.keys(failures))('%s: 503, the reason and Retry-After', async (name) => {
    const response = await app.inject({ url: `/away/${encodeURIComponent(name)}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The database is unavailable; please try again in a moment.' },
    });
  });

  it('another database error stays a 500 that says nothing of it', async () => {
    const response = await app.inject({ url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json().error.code).toBe('INTERNAL');
  });
});
