import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new numbered SQL migration into db/migrations from db/schema.
// Migrations are committed and append-only; they run at boot (db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
