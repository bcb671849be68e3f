import { DataSource } from 'typeorm';
import { loadToolsConfig } from '../config/tools-config.js';
import { toolsDataSourceOptions } from '../database/data-source-options.js';

/** `npm run migrate -w services/tools`: applies the tools tables' pending migrations (after the content service's). */
async function main(): Promise<void> {
  const { databaseUrl } = loadToolsConfig();
  const dataSource = new DataSource(toolsDataSourceOptions(databaseUrl, 1));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(applied.length ? `Applied tools migrations: ${applied.map((m) => m.name).join(', ')}` : 'Tools schema is up to date.');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Tools migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
