import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every audit is also a shareable report: an unguessable id, the visitor's site, every run's
 * answers with their brands, the brand table and the visitor's visibility, the models asked and
 * whether the answers were simulated. Earlier audits have no report id and no report.
 */
export class AuditReports1767398400000 implements MigrationInterface {
  name = 'AuditReports1767398400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE llm_queries
      ADD COLUMN report_id varchar(32),
      ADD COLUMN website varchar(2048),
      ADD COLUMN runs integer NOT NULL DEFAULT 1,
      ADD COLUMN run_answers jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN brands jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN visibility jsonb,
      ADD COLUMN models jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN simulated boolean NOT NULL DEFAULT false`);
    await db.query('CREATE UNIQUE INDEX llm_queries_report_id ON llm_queries (report_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX llm_queries_report_id');
    await db.query(
      'ALTER TABLE llm_queries DROP COLUMN report_id, DROP COLUMN website, DROP COLUMN runs, DROP COLUMN run_answers, DROP COLUMN brands, DROP COLUMN visibility, DROP COLUMN models, DROP COLUMN simulated',
    );
  }
}
