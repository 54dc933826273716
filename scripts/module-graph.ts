import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The module map as the code stands: which server code queries each table (through the Drizzle table object or
 * by its SQL name in raw SQL) and which module imports which. Tests, test fixtures and tables.ts files (foreign
 * keys) are left out. Printed by scripts/module-map.ts; held to the one-owner rule by module-ownership.test.ts.
 */
const ROOT = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER = path.join(ROOT, 'src/server');
const MODULES = path.join(SERVER, 'modules');
/** Server code outside the modules, shown as "(name)". */
const OUTSIDE = ['db/seed', 'jobs', 'plugins', 'cli'];
/** The platform's own tables (rate limits) belong to the plugins. */
const PLATFORM_OWNER = '(plugins)';

export type TableUse = { sqlName: string; drizzle: string; owner: string; queriedBy: string[] };
export type ModuleGraph = {
  tables: TableUse[];
  /** module → imported module → files imported from it */
  imports: Map<string, Map<string, Set<string>>>;
  modules: string[];
  cycles: string[][];
};

const isProductionFile = (file: string) =>
  /\.tsx?$/.test(file) && !/(\.test\.ts|fixtures?\.ts|test-[\w-]+\.ts|tables\.ts)$/.test(file);
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && isProductionFile(e.name))
    .map((e) => path.join(e.parentPath, e.name));

/** The table objects a file imports from a tables file (type-only imports do not query). */
function drizzleTables(source: string): Set<string> {
  const found = new Set<string>();
  for (const [, names] of source.matchAll(/import \{([^}]*)\} from '[^']*tables\.ts'/g)) {
    for (const name of names.split(',')) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type ')) found.add(trimmed.split(' as ')[0]);
    }
  }
  return found;
}

/** Tables named in raw SQL (after from, join, update, into or table) or handed to a library as its tableName. */
function rawTables(source: string): Set<string> {
  const inSql = [...source.matchAll(/\b(?:from|join|update|into|table)\s+"?(\w+)"?/gi)].map(([, name]) => name);
  const quoted = [...source.matchAll(/tableName: '(\w+)'/g)].map(([, name]) => name);
  return new Set([...inSql, ...quoted].map((name) => name.toLowerCase()));
}

function declaredTables(): Omit<TableUse, 'queriedBy'>[] {
  const files = [
    { owner: PLATFORM_OWNER, file: path.join(SERVER, 'db/platform-tables.ts') },
    ...readdirSync(MODULES).map((m) => ({ owner: m, file: path.join(MODULES, m, 'tables.ts') })),
  ].filter(({ file }) => existsSync(file));
  return files.flatMap(({ owner, file }) =>
    [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(
      ([, drizzle, sqlName]) => ({ drizzle, sqlName, owner }),
    ),
  );
}

/** Groups of modules that reach each other through imports (Tarjan's strongly connected parts). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  function visit(node: string) {
    order.set(node, order.size);
    low.set(node, order.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
    }
    if (low.get(node) !== order.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles;
}

export function moduleGraph(): ModuleGraph {
  const tables = declaredTables().map((t) => ({ ...t, queriedBy: [] as string[] }));
  const modules = readdirSync(MODULES).sort();
  const components = [
    ...modules.map((m) => ({ name: m, dir: path.join(MODULES, m) })),
    ...OUTSIDE.map((o) => ({ name: `(${o})`, dir: path.join(SERVER, o) })),
  ];
  const imports = new Map<string, Map<string, Set<string>>>();
  for (const { name, dir } of components) {
    for (const file of filesOf(dir)) {
      const source = readFileSync(file, 'utf8');
      const viaDrizzle = drizzleTables(source);
      const viaSql = rawTables(source);
      for (const table of tables) {
        if ((viaDrizzle.has(table.drizzle) || viaSql.has(table.sqlName)) && !table.queriedBy.includes(name)) {
          table.queriedBy.push(name);
        }
      }
      if (!dir.startsWith(MODULES)) continue;
      for (const [, target, imported] of source.matchAll(/from '\.\.\/(\w+)\/([\w.-]+)'/g)) {
        if (target === name) continue;
        const edges = imports.get(name) ?? new Map<string, Set<string>>();
        edges.set(target, (edges.get(target) ?? new Set<string>()).add(imported));
        imports.set(name, edges);
      }
    }
  }
  for (const table of tables) table.queriedBy.sort();
  const graph = new Map([...imports].map(([from, edges]) => [from, [...edges.keys()]]));
  return { tables, imports, modules, cycles: cyclesOf(graph) };
}
