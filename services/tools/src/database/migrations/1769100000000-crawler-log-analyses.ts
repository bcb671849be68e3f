import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI Crawler Log Analyzer runs: the report and the upload's name, never the log. Indexes as for
 * the other tool records; the search expression must match CRAWLER_LOG_TOOL.record.searched.
 */
export class CrawlerLogAnalyses1769100000000 implements MigrationInterface {
  name = 'CrawlerLogAnalyses1769100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE crawler_log_analyses (
        id serial PRIMARY KEY,
        job_id varchar(64) NOT NULL UNIQUE,
        email varchar(254) NOT NULL,
        file_name varchar(200),
        site varchar(2048),
        lines integer NOT NULL DEFAULT 0,
        ai_requests integer NOT NULL DEFAULT 0,
        report jsonb NOT NULL,
        report_id varchar(32) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query('CREATE INDEX crawler_log_analyses_created_idx ON crawler_log_analyses (created_at DESC, id DESC)');
    await db.query('CREATE INDEX crawler_log_analyses_email_idx ON crawler_log_analyses (lower(email), created_at DESC)');
    await db.query(
      `CREATE INDEX crawler_log_analyses_search_idx ON crawler_log_analyses USING gin ((email || ' ' || coalesce(file_name, '') || ' ' || coalesce(site, '')) gin_trgm_ops)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE crawler_log_analyses');
  }
}
