import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, routeUrl } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

function recordFetch(answer: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), method: String(init.method), body: init.body });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('call: the route table by name', () => {
  it('sends the method, the path with encoded params, the query and the JSON body of the named route', async () => {
    const calls = recordFetch({ deletedCount: 1 });
    await expect(call('DELETE /carts/:id', { params: { id: 'a b/c' } })).resolves.toEqual({ deletedCount: 1 });
    await call('GET /carts', { query: { email: 'ann@example.com' } });
    await call('POST /carts', { body: { productId: '7d3f0c1e-0000-4000-8000-000000000000', amount: 2 } });
    expect(calls.map(({ url, method }) => `${method} ${url.replace(window.location.origin, '')}`)).toEqual([
      'DELETE /api/carts/a%20b%2Fc',
      'GET /api/carts?email=ann%40example.com',
      'POST /api/carts',
    ]);
    expect(JSON.parse(String(calls[2].body))).toEqual({ productId: '7d3f0c1e-0000-4000-8000-000000000000', amount: 2 });
    expect(routeUrl('GET /invoice/:id/pdf', { id: 'x1' })).toBe('/api/invoice/x1/pdf');
  });

  it('does not compile a wrong name, a missing or wrong input, or a wrong use of the answer', () => {
    // Never run: tsc (a step of npm test) fails if any of these lines compiles.
    const compileOnly = async () => {
      // @ts-expect-error no such route
      await call('GET /basket');
      // @ts-expect-error the route takes a query with the caller's e-mail
      await call('GET /carts');
      // @ts-expect-error the param is `id`
      await call('DELETE /carts/:id', { params: { lineId: 'x' } });
      // @ts-expect-error amount is a number
      await call('POST /carts', { body: { productId: 'x', amount: 'two' } });
      const answer = await call('DELETE /carts/:id', { params: { id: 'x' } });
      // @ts-expect-error the answer has deletedCount, not count
      answer.count;
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
