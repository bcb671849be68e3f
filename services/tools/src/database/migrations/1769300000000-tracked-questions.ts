import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracked questions (an audit re-run on a schedule for a visitor who confirmed by email) and their
 * dated runs. A run's `slot` is the time its schedule meant it for: one row per slot, so a job
 * run twice (a restart, a lost lock) stores one sample.
 */
export class TrackedQuestions1769300000000 implements MigrationInterface {
  name = 'TrackedQuestions1769300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE tracked_questions (
      id serial PRIMARY KEY,
      report_id varchar(32) NOT NULL,
      query text NOT NULL,
      brand varchar(100),
      website varchar(2048),
      competitors jsonb NOT NULL DEFAULT '[]'::jsonb,
      email varchar(254) NOT NULL,
      cadence varchar(10) NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
      status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'paused', 'stopped')),
      status_reason text,
      confirmation_token_hash varchar(64),
      manage_token varchar(64) NOT NULL UNIQUE,
      schedule_pattern varchar(40),
      failures_in_a_row integer NOT NULL DEFAULT 0,
      last_run_at timestamptz,
      last_change text,
      last_emailed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz
    )`);
    await db.query('CREATE INDEX tracked_questions_email ON tracked_questions (lower(email))');
    await db.query('CREATE INDEX tracked_questions_report ON tracked_questions (report_id)');
    await db.query(`CREATE TABLE tracked_runs (
      id serial PRIMARY KEY,
      tracked_question_id integer NOT NULL REFERENCES tracked_questions (id) ON DELETE CASCADE,
      slot timestamptz NOT NULL,
      ran_at timestamptz NOT NULL DEFAULT now(),
      runs integer NOT NULL,
      run_answers jsonb NOT NULL DEFAULT '{}'::jsonb,
      visibility jsonb,
      competitor_visibility jsonb NOT NULL DEFAULT '[]'::jsonb,
      errors jsonb NOT NULL DEFAULT '{}'::jsonb,
      usage jsonb NOT NULL DEFAULT '{}'::jsonb,
      simulated boolean NOT NULL DEFAULT false,
      UNIQUE (tracked_question_id, slot)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE tracked_runs');
    await db.query('DROP TABLE tracked_questions');
  }
}
