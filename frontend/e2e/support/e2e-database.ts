import { e2eStack } from './e2e-env.js';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, parameters?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
interface PgModule {
  default: { Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => PgClient };
}

/** One statement on the e2e stack's database: for rows no public form can make quickly (volume), and to check what is left. */
export async function e2eSql(sql: string, parameters: unknown[] = []): Promise<Record<string, unknown>[]> {
  // pg is the content service's driver; imported by name so this package needs no types for it.
  const moduleName = 'pg';
  const pg = (await import(moduleName)) as PgModule;
  const client = new pg.default.Client({ connectionString: e2eStack.databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(sql, parameters)).rows;
  } finally {
    await client.end();
  }
}
