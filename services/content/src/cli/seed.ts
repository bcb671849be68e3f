import { DataSource } from 'typeorm';
import { loadContentDatabaseUrl } from '../config/content-config.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { seedStarterContent } from '../seed/seed-starter-content.js';

/** `npm run seed -w services/content`: loads the starter content into an empty database; otherwise changes nothing. */
async function main(): Promise<void> {
  const databaseUrl = loadContentDatabaseUrl();
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  try {
    const seeded = await seedStarterContent(dataSource);
    console.log(seeded ? 'Starter content loaded.' : 'Content already present: nothing seeded.');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
