import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables.ts holds the tables it owns (docs/architecture.md); the platform's own in db/.
  schema: ['./src/server/modules/*/tables.ts', './src/server/db/platform-tables.ts'],
  out: './src/server/db/migrations',
});
