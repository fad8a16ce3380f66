// drizzle-kit reads this to generate SQL migrations from src/db/schema.ts into ./drizzle.
// One migration set serves PGlite and PostgreSQL (D-23); run `npx drizzle-kit generate --name <what>`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
