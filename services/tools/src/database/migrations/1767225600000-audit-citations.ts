import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audits store what each engine cited, searched for and whether it searched. Rows stored before
 * answers were grounded read as empty objects (a constant default: no table rewrite).
 */
export class AuditCitations1767225600000 implements MigrationInterface {
  name = 'AuditCitations1767225600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE llm_queries
        ADD COLUMN citations jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN search_queries jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN grounded jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE llm_queries DROP COLUMN grounded, DROP COLUMN search_queries, DROP COLUMN citations');
  }
}
