import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The full editor's fields (docs/api.md): cover alt text and search fields on posts, search fields and
 * the optional sections on case studies, and the media library's table. All new columns are optional,
 * so existing rows keep their meaning.
 */
export class EditorFieldsAndMedia1767484800000 implements MigrationInterface {
  name = 'EditorFieldsAndMedia1767484800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE blog_posts
        ADD COLUMN image_alt varchar(300),
        ADD COLUMN meta_title varchar(60),
        ADD COLUMN meta_description varchar(155)`);
    await db.query(`
      ALTER TABLE search_lab_entries
        ADD COLUMN meta_title varchar(60),
        ADD COLUMN meta_description varchar(155),
        ADD COLUMN challenge text,
        ADD COLUMN what_changed text,
        ADD COLUMN result text,
        ADD COLUMN case_date date`);
    await db.query(`
      CREATE TABLE media_assets (
        id serial PRIMARY KEY,
        key varchar(64) NOT NULL CONSTRAINT media_assets_key_key UNIQUE,
        original_name varchar(255) NOT NULL,
        alt varchar(300) NOT NULL,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        stored_bytes integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE media_assets`);
    await db.query(`
      ALTER TABLE search_lab_entries
        DROP COLUMN meta_title, DROP COLUMN meta_description, DROP COLUMN challenge,
        DROP COLUMN what_changed, DROP COLUMN result, DROP COLUMN case_date`);
    await db.query(`ALTER TABLE blog_posts DROP COLUMN image_alt, DROP COLUMN meta_title, DROP COLUMN meta_description`);
  }
}
