import { describe, expect, it, beforeAll, beforeEach } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_MAX_BYTES, IMAGE_REPORT_EXPIRED_MESSAGE, IMAGE_REPORT_NOT_FOUND_MESSAGE, type ImageReport } from '@agency/shared';
import type { Queue } from 'bullmq';
import sharp from 'sharp';
import { MODEL_UNAVAILABLE_TEXT } from '../src/image/image.handler.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

// A longer queue wait than the harness's default: one test starts a worker while its job waits.
const harness = useToolsHarness('image', { workers: 1, env: { TOOLS_QUEUE_WAIT_MS: '25000' } });

let photo: Buffer;
beforeAll(async () => {
  // A noisy 3000x2000 photo-like JPEG: big enough that normalisation must shrink it.
  const noise = Buffer.alloc(3000 * 2000 * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
});

function analyse(image: Buffer | string, email = 'viewer@example.com') {
  const imageBase64 = typeof image === 'string' ? image : image.toString('base64');
  return harness().http().post('/api/analyze-image').send({ imageBase64, email });
}

/** A PNG whose header claims 16000x16000 pixels: a decompression bomb as far as any decoder can tell. */
function pngBombHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16000, 0);
  ihdr.writeUInt32BE(16000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rowsOfZeros = deflateSync(Buffer.alloc(16001 * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rowsOfZeros), chunk('IEND', Buffer.alloc(0))]);
}

describe('AI Image Reader', () => {
  beforeEach(() => harness().sim.reset());

  it('answers with a JSON list of findings from each of the four models, from a normalised image far smaller than the upload', async () => {
    const response = await analyse(photo).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(
      expect.arrayContaining(['altText', 'anthropic', 'gemini', 'grok', 'mainImageChecks', 'openai', 'readings']),
    );
    for (const key of ['openai', 'anthropic', 'gemini', 'grok']) {
      const findings = JSON.parse(response.body[key] as string) as unknown;
      expect(Array.isArray(findings)).toBe(true);
      expect((findings as string[]).length).toBeGreaterThanOrEqual(1);
      expect((findings as string[]).length).toBeLessThanOrEqual(3);
      (findings as unknown[]).forEach((finding) => expect(finding).toEqual(expect.not.stringMatching(/\bKB\b|bytes|file size/i)));
    }
    const sentToOneModel = harness().sim.stats().openai.imageBytesReceived;
    expect(sentToOneModel).toBeGreaterThan(0);
    expect(sentToOneModel / photo.length).toBeLessThan(0.5);
    const subscribers = await rows(harness(), `SELECT source FROM marketing_subscribers WHERE email = 'viewer@example.com'`);
    expect(subscribers).toEqual([{ source: 'ai-image-reader' }]);
  }, 30_000);

  it('gives a white packshot the main-image checks with their figures, what each model read and an alt text', async () => {
    const box = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#1d6b3a' } }).png().toBuffer();
    const packshot = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#ffffff' } })
      .composite([{ input: box, top: 60, left: 60 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const response = await analyse(packshot).expect(200);
    const checks = response.body.mainImageChecks as { id: string; pass: boolean; figure: string }[];
    expect(checks.map(({ id, pass }) => [id, pass])).toEqual([
      ['white-background', true],
      ['frame-fill', true],
      ['zoom', true],
      ['file-type', true],
    ]);
    expect(checks[0]!.figure).toBe('100% of the border is pure white');
    expect(checks[2]!.figure).toBe('1,200 px on the long edge');
    for (const key of ['openai', 'anthropic', 'gemini', 'grok']) {
      expect(response.body.readings[key]).toEqual({ product: expect.any(String), labelText: expect.arrayContaining([expect.any(String)]) });
    }
    const products = new Set(Object.values(response.body.readings as Record<string, { product: string }>).map((reading) => reading.product));
    if (products.size > 1) expect(response.body.disagreement).toMatch(/^The models disagree on what the product is: /);
    else expect(response.body).not.toHaveProperty('disagreement');
    expect(String(response.body.altText).length).toBeGreaterThan(10);
  }, 30_000);

  it('stores a shareable report: noindex JSON and a CSV, never the email or the image, gone once expired', async () => {
    const response = await analyse(photo, 'private.person@example.com').expect(200);
    const { reportId, reportUrl, expiresAt } = response.body as { reportId: string; reportUrl: string; expiresAt: string };
    expect(reportId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(reportUrl).toBe(`/ai-image-reader/report/${reportId}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(89 * 24 * 3600 * 1000);

    const report = await harness().http().get(`/api/analyze-image/reports/${reportId}`).expect(200);
    expect(report.headers['x-robots-tag']).toBe('noindex');
    const body = report.body as ImageReport;
    for (const key of ['openai', 'anthropic', 'gemini', 'grok', 'readings', 'mainImageChecks', 'altText'] as const) expect(body[key]).toEqual(response.body[key]);
    expect(body.image).toEqual({ type: 'jpeg', width: 3000, height: 2000, bytes: photo.length });
    expect(body.simulated).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/private\.person|base64/i);
    expect(JSON.stringify(body).length).toBeLessThan(20_000);

    const csv = await harness().http().get(`/api/analyze-image/reports/${reportId}.csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ai-image-reader-${reportId}.csv"`);
    expect(csv.text.startsWith('\uFEFF"section","model","item","text"\r\n')).toBe(true);
    expect(csv.text).toContain(`"alt text","","",${JSON.stringify(body.altText)}`);
    expect(csv.text).toContain('"finding","ChatGPT","1",');
    expect(csv.text).toContain('"main image check","","Pure white background",');
    expect(csv.text).not.toContain('private.person');

    await rows(harness(), `UPDATE image_analyses SET created_at = now() - interval '91 days' WHERE report_id = $1`, [reportId]);
    const expired = await harness().http().get(`/api/analyze-image/reports/${reportId}`).expect(404);
    expect(expired.body).toEqual({ statusCode: 404, error: 'Not Found', message: IMAGE_REPORT_EXPIRED_MESSAGE });
    await harness().http().get(`/api/analyze-image/reports/${reportId}.csv`).expect(404);
  }, 30_000);

  it('answers 404 for an unknown or malformed report id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc', 'AAAAAAAAAAAAAAAAAAAAAA.csv']) {
      const response = await harness().http().get(`/api/analyze-image/reports/${id}`).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: IMAGE_REPORT_NOT_FOUND_MESSAGE });
    }
  });

  it('fails a small image on zoom', async () => {
    const small = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#ffffff' } })
      .composite([{ input: await sharp({ create: { width: 440, height: 360, channels: 3, background: '#aa3311' } }).png().toBuffer(), top: 20, left: 30 }])
      .png()
      .toBuffer();
    const response = await analyse(small).expect(200);
    expect(response.body.mainImageChecks).toContainEqual(expect.objectContaining({ id: 'zoom', pass: false, figure: '500 px on the long edge' }));
  }, 30_000);

  it('keeps the upload out of the queued job, in a key of its own deleted once the worker has normalised it', async () => {
    // No worker for a moment, so the job can be read as the API queued it.
    await Promise.all(harness().workers().map((worker) => harness().stopWorker(worker)));
    const answer = harness()
      .http()
      .post('/api/analyze-image')
      .send({ imageBase64: photo.toString('base64'), email: 'viewer@example.com' })
      .then((response) => `${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    let waiting: Awaited<ReturnType<Queue['getWaiting']>> = [];
    for (let attempt = 0; attempt < 200 && waiting.length === 0; attempt++) {
      await sleep(50);
      waiting = await harness().queue.getWaiting();
    }
    const data = waiting[0]?.data as { uploadKey?: string } | undefined;
    // Kilobytes, not the photo as base64: enqueueing the job and reading it back stay cheap for the API.
    expect(JSON.stringify(data ?? 'nothing was queued').length).toBeLessThan(1024);
    const stored = await harness().redis.getBuffer(data?.uploadKey ?? 'missing');
    expect(stored?.equals(photo)).toBe(true);

    await harness().startWorker();
    expect(await answer).toMatch(/^200 /);
    expect(await harness().redis.keys('tools:image-upload:*')).toEqual([]);
  }, 60_000);

  it('shows a failed model as "Analysis failed" and keeps the other answers', async () => {
    harness().sim.setConfig({ gemini: { status: 500 } });
    const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const response = await analyse(small).expect(200);
    expect(response.body.gemini).toMatch(/^Analysis failed: Gemini had a server error \(500\)\.$/);
    expect(JSON.parse(response.body.openai as string)).toEqual(expect.any(Array));
    expect(MODEL_UNAVAILABLE_TEXT).toMatch(/unavailable/);
  });

  it('accepts an animated GIF, sending only its first frame', async () => {
    const frame = (colour: string) => sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(2);
    await analyse(gif).expect(200);
  });

  it('refuses bad uploads with readable 4xx answers, before any model is asked', async () => {
    const tooBig = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    const cases: [Buffer | string, number, RegExp][] = [
      [tooBig, 413, /^Please select an image smaller than 10MB$/],
      ['!!!this is not base64!!!', 400, /not valid base64/],
      [`data:image/png;base64,${photo.subarray(0, 100).toString('base64')}`, 400, /without the "data:/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 400, /not a JPEG, PNG, GIF or WebP/],
      [pngBombHeader(), 422, /too many pixels/],
    ];
    for (const [image, status, message] of cases) {
      const response = await analyse(image).expect(status);
      expect(response.body).toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
    }
    const missing = await harness().http().post('/api/analyze-image').send({ email: 'a@b.co' }).expect(400);
    expect(missing.body.message).toMatch(/imageBase64 is required/);
    const noEmail = await harness().http().post('/api/analyze-image').send({ imageBase64: photo.toString('base64') }).expect(400);
    expect(noEmail.body.message).toMatch(/email/);
    // The upload was stored before validation refused the request: it expires within seconds, unclaimed.
    const unclaimed = await harness().redis.keys('tools:image-upload:*');
    expect(unclaimed).toHaveLength(1);
    const ttl = await harness().redis.pttl(unclaimed[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15_000);
    await harness().redis.del(unclaimed);
    // The intake's answer cannot be sent in the field's place.
    const forged = await harness().http().post('/api/analyze-image').send({ imageBase64: { uploadKey: 'bull:tools:1' }, email: 'a@b.co' }).expect(400);
    expect(forged.body.message).toBe('imageBase64 must be text.');
    expect(harness().sim.stats().openai.received).toBe(0);
  }, 30_000);

  it('refuses a truncated JPEG found when the worker decodes it', async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    const response = await analyse(truncated).expect(422);
    expect(response.body.message).toBe('The image could not be read: the file looks truncated or damaged.');
    expect(harness().sim.stats().openai.received).toBe(0);
  });

  it('reads its large JSON body by the same rules as every other route', async () => {
    const post = () => harness().http().post('/api/analyze-image');
    const malformed = await post().set('Content-Type', 'application/json').send('{"email":"a@b.co","imageBase64":"AAAA').expect(400);
    expect(malformed.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON.', error: 'Bad Request' });
    await post().set('Content-Type', 'application/json').send('"just a string"').expect(400);
    const latin1 = await post().set('Content-Type', 'application/json; charset=latin1').send('{"email":"a@b.co"}').expect(415);
    expect(latin1.body.message).toBe('The request body must be UTF-8 encoded JSON.');
    const empty = await post().set('Content-Type', 'application/json').send('').expect(400);
    expect(empty.body.message).toMatch(/imageBase64 is required/);
  });

  it('refuses a body over the upload limit with the JSON error shape', async () => {
    const response = await harness()
      .http()
      .post('/api/analyze-image')
      .set('Content-Type', 'application/json')
      .send(`{"email":"a@b.co","imageBase64":"${'A'.repeat(15 * 1024 * 1024)}"}`)
      .expect(413);
    expect(response.body).toMatchObject({ statusCode: 413, message: expect.stringMatching(/larger than the 13 MB limit/) });
  });
});

