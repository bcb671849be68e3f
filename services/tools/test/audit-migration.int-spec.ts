import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { toolsDataSourceOptions } from '../src/database/data-source-options.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

const OLD_RESPONSE = JSON.stringify({ openai: 'Answer from memory naming Corvel.', claude: 'Another answer.' });

/** A database holding audits stored before answers were grounded, migrated to the citation and usage columns. */
const harness = useToolsHarness('auditmigration', {
  workers: 1,
  oldRecords: async (db) => {
    for (const [index, query] of ['old question one', 'old question two'].entries()) {
      await db.query(
        `INSERT INTO llm_queries (job_id, query, brand, email, model, response, created_at)
         VALUES ($1, $2, 'Corvel', 'old@example.com', 'gpt-4o', $3, now() - interval '1 day' * $4)`,
        [`old-${index}`, query, OLD_RESPONSE, 2 - index],
      );
    }
  },
});

describe('the citation and usage columns migrations', () => {
  it('keeps old audits, which read with empty citations, beside new grounded ones', async () => {
    const old = await rows<{ query: string; response: string; citations: unknown; search_queries: unknown; grounded: unknown; usage: unknown }>(
      harness(),
      'SELECT query, response, citations, search_queries, grounded, usage FROM llm_queries ORDER BY id',
    );
    expect(old).toEqual([
      { query: 'old question one', response: OLD_RESPONSE, citations: {}, search_queries: {}, grounded: {}, usage: {} },
      { query: 'old question two', response: OLD_RESPONSE, citations: {}, search_queries: {}, grounded: {}, usage: {} },
    ]);
    await harness()
      .http()
      .post('/api/llm-query')
      .send({ query: 'new question', email: 'new@example.com' })
      .expect(200);
    const cookie = await harness().adminCookie();
    const records = (await harness().http().get('/api/admin/llm-queries').set('Cookie', cookie).expect(200)).body as Record<string, unknown>[];
    expect(records.map((record) => record.query)).toEqual(['new question', 'old question two', 'old question one']);
    expect(records[1]).toMatchObject({ response: OLD_RESPONSE, citations: {}, searchQueries: {}, grounded: {}, usage: {} });
    expect(records[0]).toMatchObject({ grounded: { openai: true, claude: true, gemini: true, grok: true } });
  });

  it('can be undone, leaving the audits as they were', async () => {
    const db = new DataSource(toolsDataSourceOptions(harness().env.DATABASE_URL!, 1));
    await db.initialize();
    try {
      // Every migration after the first schema, newest first (image analyses, search indexes, report
      // columns, usage, citations, and whatever comes later).
      for (let later = db.migrations.length - 1; later > 0; later--) await db.undoLastMigration();
      const columns = await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'llm_queries' ORDER BY column_name`);
      const names = (columns as { column_name: string }[]).map(({ column_name }) => column_name);
      for (const added of ['citations', 'search_queries', 'grounded', 'usage', 'report_id', 'run_answers', 'brands']) expect(names).not.toContain(added);
      expect(await rows(harness(), 'SELECT query FROM llm_queries ORDER BY id')).toEqual([
        { query: 'old question one' },
        { query: 'old question two' },
        { query: 'new question' },
      ]);
      await db.runMigrations();
    } finally {
      await db.destroy();
    }
  });
});
