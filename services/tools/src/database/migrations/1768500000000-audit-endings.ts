import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audits store how each engine's shown answer ended, how many of its answers were cut off or
 * refused, and Gemini's Search Suggestions; earlier rows read as empty objects.
 */
export class AuditEndings1768500000000 implements MigrationInterface {
  name = 'AuditEndings1768500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE llm_queries ADD COLUMN endings jsonb NOT NULL DEFAULT '{}'::jsonb,
                               ADD COLUMN ending_counts jsonb NOT NULL DEFAULT '{}'::jsonb,
                               ADD COLUMN search_suggestions jsonb NOT NULL DEFAULT '{}'::jsonb`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE llm_queries DROP COLUMN endings, DROP COLUMN ending_counts, DROP COLUMN search_suggestions');
  }
}
