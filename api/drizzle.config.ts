import { defineConfig } from 'drizzle-kit';

// Each domain keeps its tables in src/<domain>/schema.ts; the generator reads them all.
// Generate through `pnpm --filter api db:generate` (scripts/db-generate.sh), which holds a lock so
// two engineers generating at once cannot write clashing migration numbers.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
