import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin lists at volume (docs/performance.md, "Admin lists"): an index for every filter and sort
 * the panel offers, trigram indexes for its search box, contact-message status and note, and the
 * activity log. The search expressions here must match, character for character, those in
 * contact-message-search.ts and the other list queries, or the planner cannot use the index.
 */
export class AdminAtVolume1767398400000 implements MigrationInterface {
  name = 'AdminAtVolume1767398400000';

  async up(db: QueryRunner): Promise<void> {
    // Trusted since Postgres 13: the database owner may create it.
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');

    await db.query(`
      ALTER TABLE contact_messages
        ADD COLUMN status varchar(16) NOT NULL DEFAULT 'new' CONSTRAINT contact_messages_status_check CHECK (status IN ('new', 'handled', 'archived')),
        ADD COLUMN note text,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await db.query('CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC)');
    await db.query('CREATE INDEX contact_messages_status_created_idx ON contact_messages (status, created_at DESC, id DESC)');
    await db.query('CREATE INDEX contact_messages_email_idx ON contact_messages (lower(email), created_at DESC)');
    await db.query(
      `CREATE INDEX contact_messages_search_idx ON contact_messages USING gin ((name || ' ' || email || ' ' || coalesce(company, '') || ' ' || message) gin_trgm_ops)`,
    );

    await db.query('CREATE INDEX marketing_subscribers_consent_idx ON marketing_subscribers (consent_at DESC, id DESC)');
    await db.query('CREATE INDEX marketing_subscribers_email_search_idx ON marketing_subscribers USING gin (email gin_trgm_ops)');

    await db.query('CREATE INDEX blog_posts_date_idx ON blog_posts (date_posted DESC, id DESC)');
    await db.query('CREATE INDEX blog_posts_title_idx ON blog_posts (lower(title), id)');
    await db.query(`CREATE INDEX blog_posts_search_idx ON blog_posts USING gin ((title || ' ' || excerpt) gin_trgm_ops)`);

    // Search lab lists the highest position first, videos the lowest; ties newest first in both.
    await db.query('CREATE INDEX search_lab_entries_order_idx ON search_lab_entries (display_order DESC, created_at DESC, id DESC)');
    await db.query('CREATE INDEX youtube_videos_order_idx ON youtube_videos (display_order, created_at DESC, id DESC)');
    for (const table of ['search_lab_entries', 'youtube_videos']) {
      await db.query(`CREATE INDEX ${table}_created_idx ON ${table} (created_at DESC, id DESC)`);
      await db.query(`CREATE INDEX ${table}_title_idx ON ${table} (lower(title), id)`);
    }

    await db.query(`
      CREATE TABLE admin_activity (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        session varchar(32) NOT NULL,
        action varchar(64) NOT NULL,
        summary varchar(500) NOT NULL
      )`);
    await db.query('CREATE INDEX admin_activity_at_idx ON admin_activity (at DESC, id DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE admin_activity');
    for (const table of ['search_lab_entries', 'youtube_videos']) {
      await db.query(`DROP INDEX ${table}_order_idx, ${table}_created_idx, ${table}_title_idx`);
    }
    await db.query('DROP INDEX blog_posts_date_idx, blog_posts_title_idx, blog_posts_search_idx');
    await db.query('DROP INDEX marketing_subscribers_consent_idx, marketing_subscribers_email_search_idx');
    await db.query('DROP INDEX contact_messages_created_idx, contact_messages_status_created_idx, contact_messages_email_idx, contact_messages_search_idx');
    await db.query('ALTER TABLE contact_messages DROP COLUMN status, DROP COLUMN note, DROP COLUMN updated_at');
  }
}
