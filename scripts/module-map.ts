import { moduleGraph } from './module-graph.ts';

/** Prints the module map of docs/architecture.md from the code as it is: `node scripts/module-map.ts`, then paste. */
const { tables, imports, modules, cycles } = moduleGraph();

console.log('| table | owner | queried by |\n| --- | --- | --- |');
for (const { sqlName, owner, queriedBy } of tables) {
  console.log(`| \`${sqlName}\` | ${owner} | ${queriedBy.join(', ') || '—'} |`);
}
console.log('\n| module | calls |\n| --- | --- |');
for (const name of modules) {
  const edges = [...(imports.get(name) ?? new Map<string, Set<string>>())].sort(([a], [b]) => a.localeCompare(b));
  const text = edges.map(([target, files]) => `${target} (${[...files].sort().join(', ')})`).join(', ');
  console.log(`| ${name} | ${text || '—'} |`);
}
console.log(`\nModule cycles: ${cycles.map((c) => c.join(' ↔ ')).join('; ') || 'none'}`);
