/**
 * Import rules of docs/architecture.md, checked by `npm run lint:deps` (a step of `npm test`).
 * A server module's public file is its index.ts; its tables.ts is private to it (other modules' tables.ts may
 * reference it for foreign keys); its routes are registered by app.ts only.
 */
const MODULE = '^src/server/modules/([^/]+)/';
const TESTS = '(\\.test\\.tsx?|fixtures?\\.ts|/test-[\\w-]+\\.ts)$';

module.exports = {
  forbidden: [
    {
      name: 'module-through-public-file',
      comment: 'A module calls another only through its index.ts, never its tables, routes or inner files.',
      severity: 'error',
      from: { path: MODULE, pathNot: [TESTS, '/tables\\.ts$'] },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: ['^src/server/modules/$1/', '/index\\.ts$'] },
    },
    {
      name: 'tables-reference-tables-only',
      comment: "A module's tables.ts may name another module's tables (foreign keys), nothing else of it.",
      severity: 'error',
      from: { path: `${MODULE}tables\\.ts$` },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: ['^src/server/modules/$1/', '/tables\\.ts$'] },
    },
    {
      name: 'no-module-cycles',
      comment: 'Modules call each other in one direction.',
      severity: 'error',
      from: { path: '^src/server/modules/', pathNot: TESTS },
      to: { circular: true, viaOnly: { pathNot: TESTS } },
    },
    {
      name: 'outside-modules-through-public-files',
      comment: 'Plugins, jobs, the CLI and the seed use a module through its index.ts (app.ts registers routes).',
      severity: 'error',
      from: { path: '^src/server/(plugins|jobs|cli|db)/', pathNot: TESTS },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '/index\\.ts$' },
    },
    {
      name: 'features-independent',
      comment: 'A web feature never imports another feature; shared pieces live in ui/, api/, auth/, cart/ or layout/.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by both sides and depends on neither.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // swc parses the TypeScript sources (dependency-cruiser reads TypeScript otherwise only through the compiler API of
    // typescript < 7, which TypeScript 7 no longer ships; decision 042). swc reads the source before compilation, so
    // it sees type-only imports (marked "type-only") by itself: tsPreCompilationDeps would only ask for that API.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    exclude: { path: '^(node_modules|dist)' },
  },
};
