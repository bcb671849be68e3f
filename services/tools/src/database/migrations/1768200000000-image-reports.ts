import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every image analysis is also a shareable report: an unguessable id, and the consensus line
 * shown beside a disagreement. Earlier analyses have no report id and no report.
 */
export class ImageReports1768200000000 implements MigrationInterface {
  name = 'ImageReports1768200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE image_analyses ADD COLUMN report_id varchar(32), ADD COLUMN consensus text');
    await db.query('CREATE UNIQUE INDEX image_analyses_report_id ON image_analyses (report_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX image_analyses_report_id');
    await db.query('ALTER TABLE image_analyses DROP COLUMN report_id, DROP COLUMN consensus');
  }
}
