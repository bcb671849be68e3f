import type pg from 'pg';

export interface AdminVolume {
  contactMessages: number;
  audits: number;
  fanOuts: number;
  /** AI Image Reader analyses (none when left out). */
  imageAnalyses?: number;
}

/**
 * A realistic month (or more) of leads, written by set-based INSERTs straight into both services'
 * tables (their migrations applied first): varied names, addresses, companies and texts spread
 * over the last 30 days, a tenth of the contact messages from one address within one hour (the
 * flood the admin met), a third handled or archived; audits with four engines' answers (ChatGPT
 * missing from one in twelve), citations and search queries; fan-out requests with their tables;
 * image analyses with four models' readings and the main-image checks; and a subscriber row for
 * every address.
 */
export async function seedAdminVolume(db: pg.ClientBase, volume: AdminVolume): Promise<void> {
  await db.query(
    `INSERT INTO contact_messages (name, email, company, message, status, note, created_at)
     SELECT (ARRAY['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Leo','Grace','Arthur'])[1 + n % 10] || ' ' ||
              (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Evans','Patel','Khan','Walker'])[1 + (n / 10) % 10],
            CASE WHEN n % 10 = 0 THEN 'flood.sender@example.com' ELSE 'lead' || n || '@brand' || (n % 400) || '.co.uk' END,
            CASE WHEN n % 3 = 0 THEN NULL ELSE (ARRAY['Zest Foods','Pure Pet','Bloom Beauty','Kind Kitchen','Peak Sports'])[1 + n % 5] || ' Ltd' END,
            'Hello, we sell ' || (ARRAY['vitamins','dog food','skincare','snacks','yoga mats','baby wipes'])[1 + n % 6] ||
              ' on Amazon and want to know how AI assistants mention us. Message ' || n || '. Could you send a proposal for an audit?',
            (ARRAY['new','new','handled','archived'])[1 + n % 4],
            CASE WHEN n % 4 = 2 THEN 'Called back' END,
            CASE WHEN n % 10 = 0 THEN now() - interval '2 days' - (n % 3600) * interval '1 second'
                 ELSE now() - (n % 43200) * interval '1 minute' END
       FROM generate_series(1, $1::int) n`,
    [volume.contactMessages],
  );
  await db.query(
    `INSERT INTO llm_queries (job_id, query, brand, email, model, response, citations, search_queries, grounded, created_at)
     SELECT 'seed-audit-' || n,
            (ARRAY['best protein powder uk','vegan snacks for kids','natural dog food brands','sensitive skin moisturiser','eco baby wipes','yoga mat non slip'])[1 + n % 6] ||
              CASE WHEN n % 7 = 0 THEN '' ELSE ' ' || (n % 500) END,
            CASE WHEN n % 2 = 0 THEN (ARRAY['Zest','Pure Pet','Bloom'])[1 + n % 3] END,
            'auditor' || (n % 3000) || '@shop' || (n % 90) || '.com', 'gpt-4o',
            jsonb_strip_nulls(jsonb_build_object(
              'openai', CASE WHEN n % 12 = 0 THEN NULL ELSE 'Here are well-reviewed options [1]: Brand A for value, Brand B for taste [2], Brand C for purity. Audit ' || n || '.' END,
              'claude', 'Several brands stand out [1]. Brand B is often recommended; Brand D is popular with athletes.',
              'gemini', 'Top picks include Brand A, Brand C and Brand E [1], based on reviews and ingredients.',
              'grok', 'Brand A and Brand B lead the category; Brand F is a newer option.'))::text,
            json_build_object('openai', json_build_array(json_build_object('url', 'https://reviews.example/best-' || (n % 50), 'title', 'Best of ' || (n % 50)),
                                                       json_build_object('url', 'https://brand-b.example/', 'title', 'Brand B')),
                              'claude', json_build_array(json_build_object('url', 'https://guide.example/' || (n % 20), 'title', 'Buyer guide', 'citedText', 'Brand B is often recommended')))::jsonb,
            json_build_object('openai', json_build_array('best ' || (n % 6) || ' 2026'), 'claude', json_build_array('top brands uk'))::jsonb,
            json_build_object('openai', true, 'claude', true, 'gemini', n % 5 <> 0, 'grok', false)::jsonb,
            now() - (n % 43200) * interval '1 minute'
       FROM generate_series(1, $1::int) n`,
    [volume.audits],
  );
  await db.query(
    `INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results, created_at)
     SELECT 'seed-fan-' || n, (ARRAY['protein powder','dog food','face cream'])[1 + n % 3] || ' ' || (n % 300), 'https://shop' || (n % 90) || '.com',
            'expander' || (n % 2000) || '@shop' || (n % 90) || '.com',
            json_build_object('queries', json_build_array('best protein powder', 'protein powder for women', 'vegan protein'),
                              'websiteAnalysis', json_build_array(json_build_object('query', 'best protein powder', 'found', true, 'url', 'https://shop.example/p', 'content', 'Our best seller', 'suggestions', json_build_array()),
                                                                   json_build_object('query', 'vegan protein', 'found', false, 'suggestions', json_build_array('Add a vegan page'))))::text,
            now() - (n % 43200) * interval '1 minute'
       FROM generate_series(1, $1::int) n`,
    [volume.fanOuts],
  );
  await db.query(
    `INSERT INTO image_analyses (job_id, email, image_type, image_width, image_height, image_bytes, models, main_image_checks, disagreement, alt_text, created_at)
     SELECT 'seed-image-' || n, 'seller' || (n % 2500) || '@shop' || (n % 90) || '.com', (ARRAY['jpeg','png','webp'])[1 + n % 3], 2000, 1500, 400000 + n % 90000,
            jsonb_build_object(
              'openai', jsonb_build_object('product', product, 'labelText', jsonb_build_array('ORGANIC', 'Net 500 g'), 'findings', jsonb_build_array('Net weight is legible', 'No allergen panel visible'), 'altText', product || ' on white'),
              'anthropic', jsonb_build_object('product', product, 'labelText', jsonb_build_array('ORGANIC'), 'findings', jsonb_build_array('Flavour not shown'), 'altText', product),
              'gemini', CASE WHEN n % 15 = 0 THEN jsonb_build_object('error', 'Analysis failed: the model timed out')
                             ELSE jsonb_build_object('product', product, 'labelText', jsonb_build_array(), 'findings', jsonb_build_array('Brand name readable'), 'altText', product) END,
              'grok', jsonb_build_object('product', CASE WHEN n % 9 = 0 THEN 'Paper bag' ELSE product END, 'labelText', jsonb_build_array(), 'findings', jsonb_build_array('Size unclear'), 'altText', product)),
            jsonb_build_array(jsonb_build_object('id', 'white-background', 'label', 'Pure white background', 'pass', n % 4 <> 0, 'figure', (90 + n % 10) || '% of the border is pure white', 'rule', 'At least 95%'),
                              jsonb_build_object('id', 'zoom', 'label', 'Zoom', 'pass', true, 'figure', '2000 px', 'rule', 'At least 1000 px on the longest side')),
            CASE WHEN n % 9 = 0 THEN 'The models disagree on what the product is: ChatGPT, Claude and Gemini read it as “' || product || '”; Grok reads it as “Paper bag”.' END,
            product || ' on a white background',
            now() - (n % 43200) * interval '1 minute'
       FROM (SELECT n, (ARRAY['Organic oat granola','Dog chew toy','Rose face serum','Bamboo baby wipes'])[1 + n % 4] || ' ' || (n % 200) AS product
               FROM generate_series(1, $1::int) n) seeds`,
    [volume.imageAnalyses ?? 0],
  );
  await db.query(
    `INSERT INTO marketing_subscribers (email, source, consent_at)
     SELECT lower(email), source, min(at) FROM (
       SELECT email, 'contact' AS source, created_at AS at FROM contact_messages
       UNION ALL SELECT email, 'ai-search-audit', created_at FROM llm_queries
       UNION ALL SELECT email, 'query-fan-out', created_at FROM query_fan_out_requests
       UNION ALL SELECT email, 'ai-image-reader', created_at FROM image_analyses) addresses
     GROUP BY lower(email), source
     ON CONFLICT (email) DO NOTHING`,
  );
  await db.query('ANALYZE');
}
