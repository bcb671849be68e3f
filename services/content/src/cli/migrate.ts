import { loadContentDatabaseUrl } from '../config/content-config.js';
import { ensureDatabaseExists, migrate } from '../database/database-setup.js';

/** `npm run migrate -w services/content`: creates the database when missing, then applies pending migrations. */
async function main(): Promise<void> {
  const databaseUrl = loadContentDatabaseUrl();
  await ensureDatabaseExists(databaseUrl);
  const applied = await migrate(databaseUrl);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
}

main().catch((error: unknown) => {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
