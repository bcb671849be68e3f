import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The email and webhook outbox, and double opt-in for marketing sign-ups. Addresses that signed up
 * through the newsletter box before confirmation existed keep their consent; sign-ups a tool form
 * made on its own were never confirmed, so they start as pending (and expire like any other).
 */
export class EmailOutbox1768800000000 implements MigrationInterface {
  name = 'EmailOutbox1768800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_outbox (
        id bigserial PRIMARY KEY,
        idempotency_key varchar(200) NOT NULL CONSTRAINT email_outbox_idempotency_key_key UNIQUE,
        kind varchar(40) NOT NULL,
        channel varchar(10) NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook')),
        to_address varchar(2048) NOT NULL,
        subject varchar(300) NOT NULL,
        person_email varchar(254),
        payload jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await db.query(`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'queued'`);
    await db.query(`CREATE INDEX email_outbox_to_idx ON email_outbox (lower(to_address), created_at)`);
    await db.query(`CREATE INDEX email_outbox_person_idx ON email_outbox (lower(person_email))`);
    await db.query(`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC, id DESC)`);
    await db.query(`
      ALTER TABLE marketing_subscribers
        ADD COLUMN status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
        ADD COLUMN confirmation_token_hash varchar(64),
        ADD COLUMN confirmed_at timestamptz`);
    await db.query(`
      UPDATE marketing_subscribers
         SET status = CASE WHEN unsubscribed_at IS NOT NULL THEN 'unsubscribed' WHEN source = 'newsletter' THEN 'confirmed' ELSE 'pending' END,
             confirmed_at = CASE WHEN unsubscribed_at IS NULL AND source = 'newsletter' THEN consent_at END`);
    await db.query(`CREATE UNIQUE INDEX marketing_subscribers_confirmation_idx ON marketing_subscribers (confirmation_token_hash)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX marketing_subscribers_confirmation_idx`);
    await db.query(`ALTER TABLE marketing_subscribers DROP COLUMN status, DROP COLUMN confirmation_token_hash, DROP COLUMN confirmed_at`);
    await db.query(`DROP TABLE email_outbox`);
  }
}
