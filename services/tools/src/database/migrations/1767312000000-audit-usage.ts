import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Audits store each answering model's tokens and web searches; earlier rows read as an empty object. */
export class AuditUsage1767312000000 implements MigrationInterface {
  name = 'AuditUsage1767312000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE llm_queries ADD COLUMN usage jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE llm_queries DROP COLUMN usage');
  }
}
