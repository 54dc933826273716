/**
 * Every route the app serves, as `METHOD /url` with Fastify's :params, read from the router itself
 * (`printRoutes`), so a route registered anywhere is seen. HEAD routes Fastify adds beside a GET are left out.
 */
export function registeredRoutes(app: { printRoutes: (options: { commonPrefix: boolean }) => string }): string[] {
  const stack: string[] = [];
  const found = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) found.add(`${method} ${url}`);
  }
  return [...found].filter((route) => !route.startsWith('HEAD ') || !found.has(`GET ${route.slice(5)}`)).sort();
}
