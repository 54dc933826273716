import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATH_PATTERNS, isAppPath } from '#contract/app-paths.ts';
import { routes } from './routes.tsx';

/** Every page path the router declares (the catch-all Not Found excepted), joined with its parents'. */
function routerPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const here = route.index || route.path !== undefined ? [own || '/'] : [];
    return [...here, ...routerPaths(route.children ?? [], own)];
  });
}

describe('the pages the server knows', () => {
  it('are exactly the web router’s pages, so an unknown path is a 404 on both sides', () => {
    expect([...new Set(routerPaths(routes))].sort()).toEqual([...APP_PATH_PATTERNS].sort());
  });

  it('match a path by its segments', () => {
    expect(isAppPath('/productDetails/abc')).toBe(true);
    expect(isAppPath('/dashboard/invoice/42/')).toBe(true);
    expect(isAppPath('/productDetails')).toBe(false);
    expect(isAppPath('/productDetails/abc/more')).toBe(false);
    expect(isAppPath('/no-such-page')).toBe(false);
  });
});
