import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each module's own (modules/<domain>/schema.ts, e.g. modules/investor, issue 30).
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
