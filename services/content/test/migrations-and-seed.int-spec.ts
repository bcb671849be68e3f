import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { ensureDatabaseExists, migrate } from '../src/database/database-setup.js';
import { seedStarterContent } from '../src/seed/seed-starter-content.js';
import { STARTER_POSTS } from '../src/seed/starter-content.js';
import { dropDatabase, freshDatabase } from './support/test-app.js';

describe('migrations and seed', () => {
  let databaseUrl: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('migrations');
  });
  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await dropDatabase(databaseUrl);
  });

  it('creates a missing database and builds the schema from nothing', async () => {
    await ensureDatabaseExists(databaseUrl);
    expect(await migrate(databaseUrl)).toEqual([
      'InitialSchema1763740800000',
      'AdminAtVolume1767398400000',
      'EditorFieldsAndMedia1767484800000',
      'EmailOutbox1768800000000',
    ]);
    dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
    const tables: { table_name: string }[] = await dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'admin_activity',
      'blog_posts',
      'categories',
      'contact_messages',
      'email_outbox',
      'marketing_subscribers',
      'media_assets',
      'migrations',
      'search_lab_entries',
      'youtube_videos',
    ]);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(databaseUrl)).toEqual([]);
  });

  it('seeds the starter content on an empty database', async () => {
    expect(await seedStarterContent(dataSource)).toBe(true);
    const count = async (sql: string) => Number((await dataSource.query<{ count: string }[]>(sql))[0]!.count);
    expect(await count('SELECT count(*) FROM categories')).toBeGreaterThanOrEqual(3);
    expect(await count('SELECT count(*) FROM blog_posts WHERE published')).toBeGreaterThanOrEqual(6);
    expect(await count('SELECT count(*) FROM blog_posts WHERE NOT published')).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count(*) FROM search_lab_entries')).toBeGreaterThanOrEqual(3);
    expect(await count('SELECT count(*) FROM youtube_videos')).toBeGreaterThanOrEqual(3);
  });

  it('uses the light markup in the starter posts', () => {
    const published = STARTER_POSTS.filter((post) => post.published);
    expect(published.every((post) => /\*\*[^*]+\*\*/.test(post.content) && /\[[^\]]+\]\([^)]+\)/.test(post.content))).toBe(true);
  });

  it('changes nothing when run twice', async () => {
    const snapshot = () =>
      dataSource.query(
        "SELECT (SELECT json_agg(t ORDER BY id) FROM blog_posts t) AS posts, (SELECT json_agg(c ORDER BY id) FROM categories c) AS categories, (SELECT json_agg(s ORDER BY id) FROM search_lab_entries s) AS lab, (SELECT json_agg(v ORDER BY id) FROM youtube_videos v) AS videos",
      );
    const before = await snapshot();
    expect(await seedStarterContent(dataSource)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
