import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables (modules/<m>/schema.ts, decision 416); the enums several modules use are in
  // db/columns.ts. db/schema.ts only re-exports them all.
  schema: ['./src/db/columns.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
