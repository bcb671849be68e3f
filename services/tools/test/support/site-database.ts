import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from './service-process.js';

/** Drops the database and builds it again with the content and tools migrations (their own CLIs). */
export async function recreateSiteDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  for (const cli of ['services/content/dist/src/cli/migrate.js', 'services/tools/dist/src/cli/migrate.js']) {
    await promisify(execFile)(process.execPath, [`${repoRoot}${cli}`], { env });
  }
}
