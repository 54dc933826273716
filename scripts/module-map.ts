import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Prints the module map of docs/architecture.md from the code as it is: which server code queries each table
 * (through the Drizzle table object or by its SQL name in raw SQL) and which module imports which. Tests and
 * test fixtures are left out: they may set up any table. Run `node scripts/module-map.ts` and paste.
 */
const SERVER = 'src/server';
const MODULES = path.join(SERVER, 'modules');
const OUTSIDE = ['db/seed', 'jobs', 'plugins', 'cli'];

const tableFiles = [
  path.join(SERVER, 'db/platform-tables.ts'),
  ...readdirSync(MODULES).map((m) => path.join(MODULES, m, 'tables.ts')),
].filter((file) => existsSync(file));
const schema = tableFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
const tables = [...schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, drizzle, sqlName]) => ({
  drizzle,
  sqlName,
}));

const isProductionFile = (file: string) =>
  /\.tsx?$/.test(file) && !/(\.test\.ts|fixtures?\.ts|test-\w+\.ts|tables\.ts)$/.test(file);
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && isProductionFile(e.name))
    .map((e) => path.join(e.parentPath, e.name));

/** The table objects a file imports from the schema (type-only imports do not query). */
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

const owners = new Map<string, string[]>();
const components = [
  ...readdirSync(MODULES).map((m) => ({ name: m, dir: path.join(MODULES, m) })),
  ...OUTSIDE.map((o) => ({ name: `(${o})`, dir: path.join(SERVER, o) })),
];
const imports = new Map<string, Map<string, Set<string>>>();
for (const { name, dir } of components) {
  for (const file of filesOf(dir)) {
    const source = readFileSync(file, 'utf8');
    const viaDrizzle = drizzleTables(source);
    const viaSql = rawTables(source);
    for (const table of tables) {
      if (viaDrizzle.has(table.drizzle) || viaSql.has(table.sqlName)) {
        const list = owners.get(table.sqlName) ?? [];
        if (!list.includes(name)) list.push(name);
        owners.set(table.sqlName, list);
      }
    }
    if (!dir.startsWith(MODULES)) continue;
    for (const [, target, file] of source.matchAll(/from '\.\.\/(\w+)\/([\w.-]+)'/g)) {
      if (target === name) continue;
      const edges = imports.get(name) ?? new Map<string, Set<string>>();
      edges.set(target, (edges.get(target) ?? new Set<string>()).add(file));
      imports.set(name, edges);
    }
  }
}

console.log('| table | queried by |\n| --- | --- |');
for (const { sqlName } of tables) {
  const list = (owners.get(sqlName) ?? []).sort();
  console.log(`| \`${sqlName}\` | ${list.join(', ') || '—'}${list.length > 1 ? ` (${list.length})` : ''} |`);
}
console.log('\n| module | imports from |\n| --- | --- |');
for (const { name, dir } of components) {
  if (!dir.startsWith(MODULES)) continue;
  const edges = [...(imports.get(name) ?? new Map<string, Set<string>>())].sort(([a], [b]) => a.localeCompare(b));
  const text = edges.map(([target, files]) => `${target} (${[...files].sort().join(', ')})`).join(', ');
  console.log(`| ${name} | ${text || '—'} |`);
}

/** Module cycles: groups of modules that reach each other through imports (Tarjan's strongly connected parts). */
const graph = new Map([...imports].map(([from, edges]) => [from, [...edges.keys()]]));
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
console.log(`\nModule cycles: ${cycles.map((c) => c.join(' ↔ ')).join('; ') || 'none'}`);
