import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import type { CrawlerLogAnalysisRecord, CrawlerLogAnswer } from '@agency/shared';
import { rows, useToolsHarness, withToolsApp } from '../support/tools-harness.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CLAUDEBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15 unique-browser-marker';
const LOG = [
  `20.171.206.12 - - [10/Oct/2025:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 5120 "-" "${GPTBOT}"`,
  `198.51.100.7 - - [11/Oct/2025:09:00:00 +0000] "GET /blog/ai-search HTTP/1.1" 404 162 "-" "${GPTBOT}"`,
  `160.79.104.10 - - [12/Oct/2025:08:00:00 +0000] "GET /pricing HTTP/1.1" 200 5120 "-" "${CLAUDEBOT}"`,
  `203.0.113.50 - - [11/Oct/2025:10:30:00 +0000] "GET /contact HTTP/2.0" 200 3000 "-" "${BROWSER}"`,
  'garbage that is not a request',
].join('\n');

const ROBOTS = ['User-agent: GPTBot', 'Disallow: /', '', 'User-agent: *', 'Disallow: /admin', 'Allow: /'].join('\n');
let site: Server;
let sitePort = 0;
const logDir = mkdtempSync(join(tmpdir(), 'gateway-log-'));
const gatewayLog = join(logDir, 'access.log');

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(200, { 'Content-Type': 'text/plain' }).end(ROBOTS);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  writeFileSync(
    gatewayLog,
    [
      `{"time":"2026-11-20T10:00:00+00:00","service":"gateway","requestId":"r1","remoteAddr":"52.230.152.9","method":"GET","path":"/blog","status":200,"bytesSent":812,"requestTime":0.004,"upstream":"","upstreamStatus":"","upstreamTime":"","cache":"","userAgent":"${GPTBOT}"}`,
      `{"time":"2026-11-20T10:00:01+00:00","service":"gateway","requestId":"r2","remoteAddr":"203.0.113.9","method":"GET","path":"/","status":200,"bytesSent":900,"requestTime":0.004,"upstream":"","upstreamStatus":"","upstreamTime":"","cache":"","userAgent":"${BROWSER}"}`,
    ].join('\n') + '\n',
  );
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const harness = useToolsHarness('crawlerlog', {
  workers: 1,
  env: () => ({ SITE_CHECK_TEST_ONLY_ALLOW_PRIVATE: '1', SITE_CHECK_TEST_ONLY_PORTS: String(sitePort), GATEWAY_ACCESS_LOG: gatewayLog }),
});

type Part = { name: string; value: string } | { name: string; fileName: string; body: AsyncIterable<Buffer> | Buffer };
const BOUNDARY = '----crawler-log-test-boundary';

/** A multipart/form-data body streamed in chunked transfer encoding: the server learns its size only by reading it. */
async function* multipart(parts: Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if ('value' in part) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
    } else {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      if (Buffer.isBuffer(part.body)) yield part.body;
      else yield* part.body;
      yield Buffer.from('\r\n');
    }
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

async function upload(parts: Part[], baseUrl = harness().baseUrl()): Promise<{ status: number; body: Record<string, unknown> }> {
  const stream = ReadableStream.from(multipart(parts));
  const response = await fetch(`${baseUrl}/api/crawler-logs`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: 'half',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const logUpload = (body: AsyncIterable<Buffer> | Buffer, email = 'Ops@Example.com', extra: Part[] = []): Part[] => [
  { name: 'email', value: email },
  ...extra,
  { name: 'log', fileName: 'access.log', body },
];

function repeated(piece: Buffer, times: number): AsyncIterable<Buffer> {
  return Readable.from(Array.from({ length: times }, () => piece));
}

async function uploadKeys(): Promise<string[]> {
  return harness().redis.keys('tools:crawler-log-upload:*');
}

describe('AI Crawler Log Analyzer upload (POST /api/crawler-logs)', () => {
  it('reads a combined log: agents with verified and impostor hits, top and never-read pages, robots lines; stores the report, never the log', async () => {
    const response = await upload(logUpload(Buffer.from(LOG), 'Ops@Example.com', [{ name: 'site', value: `http://127.0.0.1:${sitePort}` }]));
    expect(response.status).toBe(200);
    const answer = response.body as unknown as CrawlerLogAnswer;
    expect(answer).toMatchObject({ lines: 4, skipped: 1, from: '2025-10-10T13:55:36.000Z', to: '2025-10-12T08:00:00.000Z', format: 'combined' });
    expect(answer.agents.map(({ agent, requests, verified, impostors, pages, statuses }) => ({ agent, requests, verified, impostors, pages, statuses }))).toEqual([
      { agent: 'GPTBot', requests: 2, verified: 1, impostors: 1, pages: 2, statuses: { '200': 1, '404': 1 } },
      { agent: 'ClaudeBot', requests: 1, verified: null, impostors: null, pages: 1, statuses: { '200': 1 } },
    ]);
    expect(answer.topPages[0]).toEqual({ path: '/pricing', requests: 2 });
    expect(answer.neverRead).toEqual([{ path: '/contact', requests: 1 }]);
    const gptbotRobots = answer.robots!.groups.find((group) => group.agent === 'GPTBot')!;
    expect(answer.robots!.status).toBe('read');
    expect(gptbotRobots).toEqual({ agent: 'GPTBot', matchedBy: 'GPTBot', lines: ['User-agent: GPTBot', 'Disallow: /'], homeAllowed: false });
    expect(answer.robots!.groups.find((group) => group.agent === 'ClaudeBot')).toMatchObject({ matchedBy: '*', homeAllowed: true, lines: ['User-agent: *', 'Disallow: /admin', 'Allow: /'] });

    const [stored] = await rows<{ email: string; file_name: string; lines: number; report: string }>(harness(), 'SELECT email, file_name, lines, report::text AS report FROM crawler_log_analyses');
    expect(stored).toMatchObject({ email: 'Ops@Example.com', file_name: 'access.log', lines: 4 });
    expect(stored!.report).not.toMatch(/unique-browser-marker|garbage/);
    expect(await rows(harness(), `SELECT source FROM marketing_subscribers WHERE email = 'ops@example.com'`)).toEqual([{ source: 'ai-crawler-log-analyzer' }]);
    expect(await uploadKeys()).toEqual([]);

    const report = await harness().http().get(`/api/crawler-logs/reports/${answer.reportId}`).expect(200);
    expect(report.body).toMatchObject({ lines: 4, agents: answer.agents });
    expect(JSON.stringify(report.body)).not.toMatch(/Ops@Example/i);
    const csv = await harness().http().get(`/api/crawler-logs/reports/${answer.reportId}.csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain('"agent","GPTBot","OpenAI","","2","1","1","2","5282","2025-10-10T13:55:36.000Z","2025-10-11T09:00:00.000Z","200: 1; 404: 1"');
    expect(csv.text).toContain('"never-read-by-ai","","","/contact","1"');
    await harness().http().get('/api/crawler-logs/reports/not-a-report').expect(404);
  }, 30_000);

  it('reads a gzip upload the same way', async () => {
    const response = await upload(logUpload(gzipSync(LOG), 'gzip@example.com'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ lines: 4, skipped: 1, gzip: true });
  }, 30_000);

  it('refuses a binary file, a gzip bomb and a log of one 40 MB line with a clear 4xx, and keeps no upload', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64 * 1024, 0)]);
    const binary = await upload(logUpload(png, 'binary@example.com'));
    expect(binary.status).toBe(422);
    expect(binary.body.message).toMatch(/not a text access log/);

    // About 450 KB of gzip that inflates to 420 MB of one line: stopped at the decompression cap.
    const gzip = createGzip({ level: 9 });
    const bomb: Buffer[] = [];
    gzip.on('data', (chunk: Buffer) => bomb.push(chunk));
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    for (let index = 0; index < 420; index++) if (!gzip.write(megabyte)) await new Promise((resolve) => gzip.once('drain', resolve));
    await new Promise((resolve) => gzip.end(resolve));
    const compressed = Buffer.concat(bomb);
    expect(compressed.length).toBeLessThan(1024 * 1024);
    const refused = await upload(logUpload(compressed, 'bomb@example.com'));
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/larger than 400 MB once decompressed/);

    const longLine = await upload(logUpload(repeated(Buffer.alloc(1024 * 1024, 'x'), 40), 'long@example.com'));
    expect(longLine.status).toBe(422);
    expect(longLine.body.message).toMatch(/1 line was longer than 16 KB/);
    expect(await uploadKeys()).toEqual([]);
    expect(await rows(harness(), `SELECT id FROM crawler_log_analyses WHERE email IN ('binary@example.com', 'bomb@example.com', 'long@example.com')`)).toEqual([]);
  }, 60_000);

  it('refuses an upload over 50 MB with 413 while reading it, and bad forms with 400 or 415', async () => {
    const tooLarge = await upload(logUpload(repeated(Buffer.alloc(1024 * 1024, 'y\n'), 51), 'large@example.com'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Please select a log file smaller than 50 MB.');
    expect(await uploadKeys()).toEqual([]);

    // A declared size over the limit is refused before a byte of the body is read.
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${harness().baseUrl()}/api/crawler-logs`, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(60 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write(`--${BOUNDARY}\r\n`);
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ message: 'Please select a log file smaller than 50 MB.' });

    const badEmail = await upload(logUpload(Buffer.from(LOG), 'not-an-address'));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toMatch(/email must be a valid email address/);
    const noFile = await upload([{ name: 'email', value: 'a@example.com' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please choose an access log file to upload.');
    const badSite = await upload(logUpload(Buffer.from(LOG), 'a@example.com', [{ name: 'site', value: 'javascript:alert(1)' }]));
    expect(badSite.status).toBe(400);
    await harness().http().post('/api/crawler-logs').send({ email: 'a@example.com', log: LOG }).expect(415);
    const broken = await fetch(`${harness().baseUrl()}/api/crawler-logs`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body: 'not multipart at all' });
    expect(broken.status).toBe(400);
    expect(await uploadKeys()).toEqual([]);
  }, 60_000);
});

describe('AI Crawler Log Analyzer limits per client', () => {
  it('is rate-limited like every tool: past the allowance a 429 with Retry-After, and the body is not stored', async () => {
    // The uploads above counted against this client's allowance too; it starts afresh here.
    const counted = await harness().redis.keys('tools:rate*crawler-logs*');
    if (counted.length > 0) await harness().redis.del(...counted);
    await withToolsApp(harness(), { TOOLS_RATE_LIMIT: '2' }, async (app) => {
      const address = (app.getHttpServer() as Server).address() as AddressInfo;
      const baseUrl = `http://127.0.0.1:${address.port}`;
      for (let run = 0; run < 2; run++) expect((await upload(logUpload(Buffer.from(LOG), `limit${run}@example.com`), baseUrl)).status).toBe(200);
      const refused = await upload(logUpload(Buffer.from(LOG), 'limit2@example.com'), baseUrl);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^You have used this tool 2 times recently/);
      expect(await rows(harness(), `SELECT id FROM crawler_log_analyses WHERE email = 'limit2@example.com'`)).toEqual([]);
      expect(await uploadKeys()).toEqual([]);
    });
  }, 30_000);
});

describe('AI Crawler Log Analyzer in the admin', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await harness().adminCookie();
  });
  const get = (path: string) => harness().http().get(path).set('Cookie', cookie);

  it.each(['/api/admin/crawler-log-analyses', '/api/admin/crawler-log-analyses/1', '/api/admin/crawler-log-analyses/export', '/api/admin/crawler-log-analyses/gateway-log'])(
    '%s answers 401 without a session',
    async (path) => {
      await harness().http().get(path).expect(401);
    },
  );

  it('lists, searches, opens and exports the stored analyses, and lists them in the person view', async () => {
    const listed = await get('/api/admin/crawler-log-analyses?q=ops@example').expect(200);
    expect(Number(listed.headers['x-total-count'])).toBe(1);
    const [record] = listed.body as CrawlerLogAnalysisRecord[];
    expect(record).toMatchObject({ email: 'Ops@Example.com', fileName: 'access.log', report: { lines: 4, skipped: 1 } });
    expect((await get(`/api/admin/crawler-log-analyses/${record!.id}`).expect(200)).body).toEqual(record);
    await get('/api/admin/crawler-log-analyses/999999').expect(404);
    const csv = await get('/api/admin/crawler-log-analyses/export?q=ops@example').expect(200);
    expect(csv.headers['content-disposition']).toMatch(/crawler-log-analyses/);
    expect(csv.text).toContain('"id","submitted_at","email","file_name","site","lines","skipped","from","to","ai_requests","agents","impostors","top_pages"');
    expect(csv.text).toContain(`"Ops@Example.com","access.log","http://127.0.0.1:${sitePort}/","4","1","2025-10-10T13:55:36.000Z","2025-10-12T08:00:00.000Z","3","GPTBot: 2; ClaudeBot: 1","1","/pricing /blog/ai-search"`);
    const person = await get('/api/admin/people/tool-records?email=ops@example.com').expect(200);
    expect(person.body.crawlerLogAnalyses).toHaveLength(1);
  });

  it("runs the same report over the gateway's own access log", async () => {
    const report = await get('/api/admin/crawler-log-analyses/gateway-log').expect(200);
    expect(report.body).toMatchObject({ format: 'json', lines: 2, aiRequests: 1, otherRequests: 1, file: gatewayLog });
    expect(report.body.agents).toEqual([expect.objectContaining({ agent: 'GPTBot', requests: 1, verified: 1, impostors: 0 })]);
    expect(report.body.neverRead).toEqual([{ path: '/', requests: 1 }]);
  });
});
