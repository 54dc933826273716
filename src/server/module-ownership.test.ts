import { describe, expect, it } from 'vitest';
import { moduleGraph } from '../../scripts/module-graph.ts';

/**
 * The rule of docs/architecture.md that dependency-cruiser cannot see: a table is queried only by the module that
 * owns it (declares it in its tables.ts), through Drizzle or in raw SQL; the demo seed, the jobs and the plugins
 * too go through the owners. Tests and test fixtures are not production code and may set up any table.
 */

describe('module map', () => {
  const graph = moduleGraph();

  it('finds the tables and who queries them (the scan itself works)', () => {
    const users = graph.tables.find((t) => t.sqlName === 'users');
    expect(users?.owner).toBe('users');
    expect(users?.queriedBy).toContain('users');
    expect(graph.tables.length).toBeGreaterThanOrEqual(19);
  });

  it('every table is queried by its owner module only', () => {
    const strangers = graph.tables
      .map(({ sqlName, owner, queriedBy }) => ({
        table: sqlName,
        owner,
        others: queriedBy.filter((q) => q !== owner),
      }))
      .filter((t) => t.others.length > 0);
    expect(strangers).toEqual([]);
  });

  it('modules call each other in one direction (no cycles)', () => {
    expect(graph.cycles).toEqual([]);
  });
});
