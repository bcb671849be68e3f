import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audits store the figures that say what to do (sources behind each brand, gap domains, retrieved
 * vs cited, memory vs search, next steps, the method) and each engine's search-off answer;
 * earlier rows read as empty objects.
 */
export class AuditInsights1769200000000 implements MigrationInterface {
  name = 'AuditInsights1769200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE llm_queries ADD COLUMN insights jsonb NOT NULL DEFAULT '{}'::jsonb,
                               ADD COLUMN memory_answers jsonb NOT NULL DEFAULT '{}'::jsonb`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE llm_queries DROP COLUMN insights, DROP COLUMN memory_answers');
  }
}
