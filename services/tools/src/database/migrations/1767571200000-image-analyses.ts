import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI Image Reader analyses, kept for the admin panel's lead inbox (docs/architecture.md, "AI Image
 * Reader"): the upload's type, size in pixels and bytes, never the image; `simulated` when demo
 * mode's simulator answered. Indexes as for the other
 * tool records (the tool-record-search migration); the search expression must match the one in
 * admin/tool-records.service.ts exactly.
 */
export class ImageAnalyses1767571200000 implements MigrationInterface {
  name = 'ImageAnalyses1767571200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE image_analyses (
        id serial PRIMARY KEY,
        job_id varchar(64) NOT NULL UNIQUE,
        email varchar(254) NOT NULL,
        image_type varchar(16),
        image_width integer,
        image_height integer,
        image_bytes integer,
        models jsonb NOT NULL DEFAULT '{}',
        main_image_checks jsonb NOT NULL DEFAULT '[]',
        disagreement text,
        alt_text text NOT NULL DEFAULT '',
        simulated boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query('CREATE INDEX image_analyses_created_idx ON image_analyses (created_at DESC, id DESC)');
    await db.query('CREATE INDEX image_analyses_email_idx ON image_analyses (lower(email), created_at DESC)');
    await db.query(`CREATE INDEX image_analyses_search_idx ON image_analyses USING gin ((email || ' ' || alt_text || ' ' || models::text) gin_trgm_ops)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE image_analyses');
  }
}
