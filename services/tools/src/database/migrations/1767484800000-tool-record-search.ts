import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin lists of tool records at volume (docs/performance.md, "Admin lists"): newest/oldest
 * with a tie-break on id, lookups by address (erasure, "find a lead"), and trigram indexes for the
 * search box. The search expressions must match those in tool-records.service.ts exactly.
 */
export class ToolRecordSearch1767484800000 implements MigrationInterface {
  name = 'ToolRecordSearch1767484800000';

  async up(db: QueryRunner): Promise<void> {
    // Trusted since Postgres 13: the database owner may create it.
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query('DROP INDEX llm_queries_created_idx');
    await db.query('CREATE INDEX llm_queries_created_idx ON llm_queries (created_at DESC, id DESC)');
    await db.query('CREATE INDEX llm_queries_email_idx ON llm_queries (lower(email), created_at DESC)');
    await db.query(`CREATE INDEX llm_queries_search_idx ON llm_queries USING gin ((query || ' ' || coalesce(brand, '') || ' ' || email) gin_trgm_ops)`);
    await db.query('DROP INDEX query_fan_out_requests_created_idx');
    await db.query('CREATE INDEX query_fan_out_requests_created_idx ON query_fan_out_requests (created_at DESC, id DESC)');
    await db.query('CREATE INDEX query_fan_out_requests_email_idx ON query_fan_out_requests (lower(email), created_at DESC)');
    await db.query(
      `CREATE INDEX query_fan_out_requests_search_idx ON query_fan_out_requests USING gin ((keyword || ' ' || website || ' ' || email) gin_trgm_ops)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX llm_queries_email_idx, llm_queries_search_idx, query_fan_out_requests_email_idx, query_fan_out_requests_search_idx');
    await db.query('DROP INDEX llm_queries_created_idx, query_fan_out_requests_created_idx');
    await db.query('CREATE INDEX llm_queries_created_idx ON llm_queries (created_at DESC)');
    await db.query('CREATE INDEX query_fan_out_requests_created_idx ON query_fan_out_requests (created_at DESC)');
  }
}
