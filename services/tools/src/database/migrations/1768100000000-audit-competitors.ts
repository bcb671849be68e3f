import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The competitors a visitor named beside their brand and their visibility figures, and each
 * engine's failure message: the report page is where the results first appear, so it shows them.
 */
export class AuditCompetitors1768100000000 implements MigrationInterface {
  name = 'AuditCompetitors1768100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE llm_queries
      ADD COLUMN competitors jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN competitor_visibility jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN errors jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE llm_queries DROP COLUMN competitors, DROP COLUMN competitor_visibility, DROP COLUMN errors');
  }
}
