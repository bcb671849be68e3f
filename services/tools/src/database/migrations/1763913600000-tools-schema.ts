import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tools service's own tables. job_id makes a re-run of the same job (at-least-once delivery) store nothing twice. */
export class ToolsSchema1763913600000 implements MigrationInterface {
  name = 'ToolsSchema1763913600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE llm_queries (
        id serial PRIMARY KEY,
        job_id varchar(64) NOT NULL CONSTRAINT llm_queries_job_id_key UNIQUE,
        query text NOT NULL,
        brand varchar(100),
        email varchar(254) NOT NULL,
        model varchar(64) NOT NULL,
        response text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX llm_queries_created_idx ON llm_queries (created_at DESC)`);
    await db.query(`
      CREATE TABLE query_fan_out_requests (
        id serial PRIMARY KEY,
        job_id varchar(64) NOT NULL CONSTRAINT query_fan_out_requests_job_id_key UNIQUE,
        keyword varchar(200) NOT NULL,
        website varchar(2048) NOT NULL,
        email varchar(254) NOT NULL,
        results text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX query_fan_out_requests_created_idx ON query_fan_out_requests (created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE query_fan_out_requests');
    await db.query('DROP TABLE llm_queries');
  }
}
