import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763740800000 implements MigrationInterface {
  name = 'InitialSchema1763740800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE categories (
        id serial PRIMARY KEY,
        name varchar(80) NOT NULL CONSTRAINT categories_name_key UNIQUE,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX categories_name_ci_key ON categories (lower(name))`);

    await db.query(`
      CREATE TABLE blog_posts (
        id serial PRIMARY KEY,
        slug varchar(120) NOT NULL CONSTRAINT blog_posts_slug_key UNIQUE,
        title varchar(200) NOT NULL,
        excerpt text NOT NULL,
        content text NOT NULL,
        category varchar(80) NOT NULL
          CONSTRAINT blog_posts_category_fkey REFERENCES categories (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        image text,
        read_time integer NOT NULL CHECK (read_time > 0),
        published boolean NOT NULL DEFAULT false,
        date_posted timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX blog_posts_published_date_idx ON blog_posts (published, date_posted DESC)`);
    await db.query(`CREATE INDEX blog_posts_category_idx ON blog_posts (category)`);

    await db.query(`
      CREATE TABLE search_lab_entries (
        id serial PRIMARY KEY,
        slug varchar(120) NOT NULL CONSTRAINT search_lab_entries_slug_key UNIQUE,
        title varchar(200) NOT NULL,
        summary text NOT NULL,
        chatgpt_link text NOT NULL,
        published boolean NOT NULL DEFAULT false,
        display_order integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE youtube_videos (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        description text NOT NULL,
        youtube_url text NOT NULL,
        youtube_id varchar(11) NOT NULL,
        published boolean NOT NULL DEFAULT false,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        company varchar(200),
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE marketing_subscribers (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL CONSTRAINT marketing_subscribers_email_key UNIQUE,
        source varchar(32) NOT NULL,
        consent_at timestamptz NOT NULL,
        unsubscribed_at timestamptz,
        CHECK (email = lower(email))
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['marketing_subscribers', 'contact_messages', 'youtube_videos', 'search_lab_entries', 'blog_posts', 'categories']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
