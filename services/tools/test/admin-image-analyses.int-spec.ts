import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ImageAnalysisRecord } from '@agency/shared';
import sharp from 'sharp';
import { MODEL_UNAVAILABLE_TEXT } from '../src/image/image.handler.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('adminimages', { workers: 1 });

const total = (response: { headers: Record<string, string> }) => Number(response.headers['x-total-count']);

describe('admin list of AI Image Reader analyses: stored by the worker, paged, searched, opened and exported', () => {
  let cookie: string;
  let packshot: Buffer;

  beforeAll(async () => {
    cookie = await harness().adminCookie();
    const box = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#1d6b3a' } }).png().toBuffer();
    packshot = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
      .composite([{ input: box, top: 50, left: 100 }])
      .png()
      .toBuffer();
  });

  const get = (path: string) => harness().http().get(path).set('Cookie', cookie);

  it.each(['/api/admin/image-analyses', '/api/admin/image-analyses/1', '/api/admin/image-analyses/export'])('%s answers 401 without a session', async (path) => {
    await harness().http().get(`${path}?limit=1`).expect(401);
  });

  it('stores each analysis with the upload’s facts, every model’s reading and the checks, never the image', async () => {
    harness().sim.reset();
    harness().sim.setConfig({ gemini: { status: 500 } });
    const answer = await harness().http().post('/api/analyze-image').send({ imageBase64: packshot.toString('base64'), email: 'Shopper@Example.com' }).expect(200);
    harness().sim.reset();

    const listed = await get('/api/admin/image-analyses').expect(200);
    expect(total(listed)).toBe(1);
    const [record] = listed.body as ImageAnalysisRecord[];
    expect(record!.email).toBe('Shopper@Example.com');
    expect(record!.image).toEqual({ type: 'png', width: 1200, height: 900, bytes: packshot.length });
    for (const key of ['openai', 'anthropic', 'grok'] as const) {
      const findings = record!.models[key]!;
      expect(findings.findings).toEqual(JSON.parse(answer.body[key] as string));
      expect(findings.product).toBe(answer.body.readings[key].product);
      expect(findings.labelText).toEqual(answer.body.readings[key].labelText);
      expect(typeof findings.altText).toBe('string');
    }
    expect(record!.models.gemini).toEqual({ error: answer.body.gemini });
    expect(record!.models.gemini!.error).toMatch(/^Analysis failed: /);
    expect(record!.mainImageChecks).toEqual(answer.body.mainImageChecks);
    expect(record!.mainImageChecks.map((check) => check.id)).toEqual(['white-background', 'frame-fill', 'zoom', 'file-type']);
    expect(record!.disagreement).toBe(answer.body.disagreement ?? null);
    expect(record!.altText).toBe(answer.body.altText);
    // The harness points the providers' SDKs at the simulator as real endpoints, not demo mode.
    expect(record!.simulated).toBe(false);

    const columns = await rows<{ column_name: string }>(harness(), `SELECT column_name FROM information_schema.columns WHERE table_name = 'image_analyses'`);
    expect(columns.map((column) => column.column_name)).not.toEqual(expect.arrayContaining([expect.stringMatching(/jpeg|base64|upload|pixels/)]));
    const stored = await rows<{ size: number }>(harness(), `SELECT length(row_to_json(image_analyses)::text) AS size FROM image_analyses`);
    expect(Number(stored[0]!.size)).toBeLessThan(packshot.length);
    expect(await rows(harness(), `SELECT source FROM marketing_subscribers WHERE email = 'shopper@example.com'`)).toEqual([{ source: 'ai-image-reader' }]);

    expect((await get(`/api/admin/image-analyses/${record!.id}`).expect(200)).body).toEqual(record);
    await get('/api/admin/image-analyses/999999').expect(404);
    await get('/api/admin/image-analyses/abc').expect(400);
  }, 30_000);

  it('a model that is not configured is stored with the sentence the visitor saw', async () => {
    // Stored as the worker does when a provider has no key: the admin panel shows the sentence.
    await harness().db.query(
      `INSERT INTO image_analyses (job_id, email, models, alt_text) VALUES ('unconfigured', 'keyless@example.com', $1, '')`,
      [JSON.stringify({ grok: { error: MODEL_UNAVAILABLE_TEXT } })],
    );
    const [record] = (await get('/api/admin/image-analyses?q=keyless').expect(200)).body as ImageAnalysisRecord[];
    expect(record!.models).toEqual({ grok: { error: MODEL_UNAVAILABLE_TEXT } });
    expect(record!.image).toBeNull();
    expect(record!.mainImageChecks).toEqual([]);
    await harness().db.query(`DELETE FROM image_analyses WHERE job_id = 'unconfigured'`);
  });

  describe('at volume', () => {
    beforeAll(async () => {
      const now = Date.now();
      // 30 analyses an hour apart; every third by one address; the even ones read a kettle, with a formula in the alt text.
      await harness().db.query(
        `INSERT INTO image_analyses (job_id, email, image_type, image_width, image_height, image_bytes, models, main_image_checks, disagreement, alt_text, created_at)
         SELECT 'seed-' || n, CASE WHEN n % 3 = 0 THEN 'repeat@example.com' ELSE 'seller' || n || '@example.com' END, 'jpeg', 2000, 2000, 123456,
                jsonb_build_object('openai', jsonb_build_object('product', CASE WHEN n % 2 = 0 THEN 'Steel kettle' ELSE 'Oat milk carton' END,
                                                                'labelText', '[]'::jsonb, 'findings', '["No capacity shown"]'::jsonb, 'altText', 'A product')),
                '[]', NULL, CASE WHEN n = 7 THEN '=HYPERLINK("http://evil")' ELSE 'A product photo' END,
                to_timestamp($1 / 1000.0) - (n + 1) * interval '1 hour'
           FROM generate_series(1, 30) n`,
        [now],
      );
    });

    it('pages newest first with the total of every match, and refuses bad parameters', async () => {
      const first = await get('/api/admin/image-analyses?limit=10').expect(200);
      expect(total(first)).toBe(31);
      const records = first.body as ImageAnalysisRecord[];
      expect(records).toHaveLength(10);
      expect(records[0]!.email).toBe('Shopper@Example.com');
      expect(records[1]!.createdAt > records[2]!.createdAt).toBe(true);
      const last = await get('/api/admin/image-analyses?limit=10&offset=30').expect(200);
      expect(last.body).toHaveLength(1);
      expect(total(last)).toBe(31);
      const [oldest] = (await get('/api/admin/image-analyses?limit=1&sort=oldest').expect(200)).body as ImageAnalysisRecord[];
      expect(oldest).toEqual((last.body as ImageAnalysisRecord[])[0]);
      expect(oldest!.createdAt < records[9]!.createdAt).toBe(true);
      for (const bad of ['limit=0', 'limit=501', 'offset=x', 'from=2026-13-01', 'sort=email', 'unknown=1']) await get(`/api/admin/image-analyses?${bad}`).expect(400);
    });

    it('finds analyses by address or by what a model read, and filters by date range', async () => {
      expect(total(await get('/api/admin/image-analyses?q=REPEAT@example').expect(200))).toBe(10);
      expect(total(await get('/api/admin/image-analyses?q=kettle').expect(200))).toBe(15);
      expect(total(await get('/api/admin/image-analyses?q=shopper@').expect(200))).toBe(1);
      expect(total(await get('/api/admin/image-analyses?to=2000-01-01').expect(200))).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect(total(await get(`/api/admin/image-analyses?from=${today}`).expect(200))).toBeGreaterThanOrEqual(1);
    });

    it('exports the matching analyses as formula-safe CSV', async () => {
      const all = await get('/api/admin/image-analyses/export').expect(200);
      expect(all.headers['content-type']).toMatch(/^text\/csv/);
      expect(all.headers['content-disposition']).toMatch(/filename="image-analyses-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = all.text.trimEnd().split('\r\n');
      expect(lines).toHaveLength(32);
      // The byte-order mark first, so Excel reads the file as UTF-8.
      expect(lines[0]).toBe(
        '\uFEFF"id","submitted_at","email","image_type","width","height","bytes","openai","anthropic","gemini","grok","main_image_checks","disagreement","alt_text","simulated"',
      );
      expect(all.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(all.text).not.toMatch(/(^|,)"=HYPERLINK/m);
      const repeat = await get('/api/admin/image-analyses/export?q=repeat@example.com').expect(200);
      expect(repeat.text.trimEnd().split('\r\n')).toHaveLength(11);
    });
  });
});
