import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { analyseCrawlerLog, LogRefusal } from '../../src/crawler-log/crawler-log-analysis.js';
import { agentOf, CrawlerRanges } from '../../src/crawler-log/crawler-agents.js';
import { parseCombined, parseCsvLine, csvColumns, parseJsonLine } from '../../src/crawler-log/log-line-parser.js';
import { logLines } from '../../src/crawler-log/log-stream.js';

const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CLAUDEBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

/** Real-format lines: nginx/Apache combined, as written by the default "combined" log format. */
const COMBINED_LOG = [
  `20.171.206.12 - - [10/Oct/2025:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 5120 "-" "${GPTBOT_UA}"`,
  `20.171.206.13 - - [10/Oct/2025:14:02:11 +0100] "GET /pricing?utm=x HTTP/1.1" 200 5120 "-" "${GPTBOT_UA}"`,
  // GPTBot claimed from an address OpenAI does not publish: an impostor.
  `198.51.100.7 - - [11/Oct/2025:09:00:00 +0000] "GET /blog/ai-search HTTP/1.1" 404 162 "-" "${GPTBOT_UA}"`,
  `66.249.66.1 - - [11/Oct/2025:10:00:00 +0000] "GET / HTTP/1.1" 200 9000 "-" "${GOOGLEBOT_UA}"`,
  `203.0.113.50 - - [11/Oct/2025:10:30:00 +0000] "GET /contact HTTP/2.0" 200 3000 "https://example.com/" "${BROWSER_UA}"`,
  `203.0.113.50 - - [11/Oct/2025:10:30:01 +0000] "GET /app.js HTTP/2.0" 200 30000 "https://example.com/contact" "${BROWSER_UA}"`,
  `203.0.113.50 - - [11/Oct/2025:10:30:02 +0000] "GET /api/basket HTTP/2.0" 200 300 "https://example.com/contact" "${BROWSER_UA}"`,
  `160.79.104.10 - - [12/Oct/2025:08:00:00 +0000] "GET /pricing HTTP/1.1" 200 5120 "-" "${CLAUDEBOT_UA}"`,
  'this line is not a request',
  `203.0.113.51 - - [12/Oct/2025:11:00:00 +0000] "GET /pricing HTTP/1.1" 200 - "-" "${BROWSER_UA}"`,
].join('\n');

function chunksOf(text: string | Buffer, size = 7): AsyncIterable<Buffer> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) pieces.push(bytes.subarray(offset, offset + size));
  return Readable.from(pieces);
}

describe('AI crawler log lines', () => {
  it('reads a combined log line: address, time with its offset, path without the query, status, bytes and agent', () => {
    const request = parseCombined(`20.171.206.13 - - [10/Oct/2025:14:02:11 +0100] "GET /pricing?utm=x HTTP/1.1" 200 5120 "-" "${GPTBOT_UA}"`);
    expect(request).toEqual({ address: '20.171.206.13', time: Date.UTC(2025, 9, 10, 13, 2, 11), method: 'GET', path: '/pricing', status: 200, bytes: 5120, userAgent: GPTBOT_UA });
  });

  it("reads this site's own gateway access log (JSON lines) and other JSON logs", () => {
    const gateway = `{"time":"2025-10-10T13:55:36+00:00","service":"gateway","requestId":"a1","remoteAddr":"20.171.206.9","method":"GET","path":"/blog","status":200,"bytesSent":812,"requestTime":0.004,"upstream":"","upstreamStatus":"","upstreamTime":"","cache":"","userAgent":"${GPTBOT_UA}"}`;
    expect(parseJsonLine(gateway)).toEqual({ address: '20.171.206.9', time: Date.UTC(2025, 9, 10, 13, 55, 36), method: 'GET', path: '/blog', status: 200, bytes: 812, userAgent: GPTBOT_UA });
    const caddy = `{"ts":1760104536.5,"request":{"remote_ip":"66.249.66.1","method":"GET","uri":"/a?b=1","headers":{}},"status":301,"size":0,"user_agent":"${GOOGLEBOT_UA}"}`;
    expect(parseJsonLine(caddy)).toMatchObject({ address: '66.249.66.1', path: '/a', status: 301, time: 1760104536500 });
    expect(parseJsonLine('{"message":"started"}')).toBeUndefined();
    expect(parseJsonLine('{"path":"/a","status":200')).toBeUndefined();
  });

  it('reads CSV with a header in any column order, quoted user agents included', () => {
    const columns = csvColumns('EdgeStartTimestamp,ClientIP,ClientRequestMethod,ClientRequestURI,EdgeResponseStatus,EdgeResponseBytes,ClientRequestUserAgent')!;
    expect(parseCsvLine(`2025-10-10T13:55:36Z,20.171.206.9,GET,/a?x=1,200,100,"${GPTBOT_UA.replace(/"/g, '""')}, extra"`, columns)).toMatchObject({
      address: '20.171.206.9',
      path: '/a',
      status: 200,
      bytes: 100,
      userAgent: `${GPTBOT_UA}, extra`,
    });
    expect(csvColumns('name,age')).toBeUndefined();
  });

  it('names the agents by their user-agent tokens, and a browser as none', () => {
    expect(agentOf(GPTBOT_UA)?.agent).toBe('GPTBot');
    expect(agentOf('Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)')?.agent).toBe('OAI-SearchBot');
    expect(agentOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot')?.agent).toBe('ChatGPT-User');
    expect(agentOf('Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)')?.agent).toBe('Claude-User');
    expect(agentOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)')?.agent).toBe('PerplexityBot');
    expect(agentOf('meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)')?.agent).toBe('Meta-ExternalAgent');
    expect(agentOf('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')?.agent).toBe('Bingbot');
    expect(agentOf(BROWSER_UA)).toBeUndefined();
  });

  it("checks an address against the agent's published ranges: inside, outside (an impostor), or nothing to check", () => {
    const ranges = new CrawlerRanges();
    expect(ranges.verify('GPTBot', '20.171.206.12')).toBe(true);
    expect(ranges.verify('GPTBot', '::ffff:20.171.206.12')).toBe(true);
    expect(ranges.verify('GPTBot', '198.51.100.7')).toBe(false);
    expect(ranges.verify('Googlebot', '66.249.66.1')).toBe(true);
    expect(ranges.verify('Googlebot', '2001:4860:4801:10::1')).toBe(true);
    expect(ranges.verify('GPTBot', 'not-an-address')).toBe(false);
    expect(ranges.verify('Bytespider', '1.2.3.4')).toBeNull();
  });
});

describe('AI crawler log analysis', () => {
  it('reports each agent: requests, verified and impostors, pages, statuses, bytes, first and last seen, daily counts; malformed lines counted and skipped', async () => {
    const report = await analyseCrawlerLog(chunksOf(COMBINED_LOG));
    expect(report).toMatchObject({ lines: 9, skipped: 1, format: 'combined', from: '2025-10-10T13:02:11.000Z', to: '2025-10-12T11:00:00.000Z', aiRequests: 5, otherRequests: 4, gzip: false });
    const gptbot = report.agents.find((agent) => agent.agent === 'GPTBot')!;
    expect(gptbot).toMatchObject({
      requests: 3,
      verified: 2,
      impostors: 1,
      pages: 2,
      statuses: { '200': 2, '404': 1 },
      bytes: 10402,
      firstSeen: '2025-10-10T13:02:11.000Z',
      lastSeen: '2025-10-11T09:00:00.000Z',
      daily: [
        { day: '2025-10-10', requests: 2 },
        { day: '2025-10-11', requests: 1 },
      ],
      impostorAddresses: [{ address: '198.51.100.7', requests: 1 }],
    });
    // Anthropic's addresses are not in the shipped lists: neither verified nor impostor.
    expect(report.agents.find((agent) => agent.agent === 'ClaudeBot')).toMatchObject({ requests: 1, verified: null, impostors: null });
    expect(report.agents[0]!.agent).toBe('GPTBot');
    expect(report.topPages[0]).toEqual({ path: '/pricing', requests: 3 });
    // /contact was read by a browser and by no AI agent; the script and the API call are not pages; /pricing was read by AI.
    expect(report.neverRead).toEqual([{ path: '/contact', requests: 1 }]);
    expect(report.daily).toEqual([
      { day: '2025-10-10', agents: { GPTBot: 2 } },
      { day: '2025-10-11', agents: { GPTBot: 1, Googlebot: 1 } },
      { day: '2025-10-12', agents: { ClaudeBot: 1 } },
    ]);
    expect(report.ranges.find((source) => source.agent === 'GPTBot')?.source).toBe('https://openai.com/gptbot.json');
  });

  it('reads the same log gzipped, and JSON lines and CSV logs', async () => {
    const gzipped = await analyseCrawlerLog(chunksOf(gzipSync(COMBINED_LOG), 100));
    expect(gzipped).toMatchObject({ lines: 9, skipped: 1, gzip: true, bytes: Buffer.byteLength(COMBINED_LOG) });
    const json = [
      `{"time":"2025-10-10T13:55:36Z","remoteAddr":"20.171.206.9","method":"GET","path":"/a","status":200,"bytesSent":10,"userAgent":"${GPTBOT_UA}"}`,
      '{"time":"2025-10-10T13:55:37Z","remoteAddr":"20.171.206.9"',
      `{"time":"2025-10-10T13:55:38Z","remoteAddr":"203.0.113.1","method":"GET","path":"/b","status":200,"bytesSent":10,"userAgent":"${BROWSER_UA}"}`,
    ].join('\n');
    expect(await analyseCrawlerLog(chunksOf(json))).toMatchObject({ format: 'json', lines: 2, skipped: 1, neverRead: [{ path: '/b', requests: 1 }] });
    const csv = ['time,ip,method,url,status,bytes,user_agent', `2025-10-10 13:55:36,20.171.206.9,GET,/a,200,10,"${GPTBOT_UA}"`, 'broken,"line', `2025-10-10 13:55:40,20.171.206.9,GET,/c,304,0,"${GPTBOT_UA}"`].join('\r\n');
    const csvReport = await analyseCrawlerLog(chunksOf(csv));
    expect(csvReport).toMatchObject({ format: 'csv', lines: 2, skipped: 1, from: '2025-10-10T13:55:36.000Z' });
    expect(csvReport.agents[0]).toMatchObject({ agent: 'GPTBot', requests: 2, verified: 2, statuses: { '200': 1, '304': 1 } });
  });

  it('skips and counts a line longer than the limit without holding it, and reads the lines around it', async () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    const lines: unknown[] = [];
    for await (const line of logLines(chunksOf(`a\n${long}\nb`, 64 * 1024), 1024)) lines.push(line);
    expect(lines).toEqual([{ text: 'a' }, { tooLong: true }, { text: 'b' }]);
    const first = COMBINED_LOG.split('\n')[0]!;
    const report = await analyseCrawlerLog(chunksOf(`${first}\n${long}\n${first}`, 64 * 1024));
    expect(report).toMatchObject({ lines: 2, skipped: 1 });
  });

  it('refuses a log of one 40 MB line, a binary file and a gzip bomb with a readable reason', async () => {
    const oneLongLine = () => Readable.from(Array.from({ length: 40 }, () => Buffer.alloc(1024 * 1024, 'a')));
    await expect(analyseCrawlerLog(chunksOf('not a log\n'.repeat(5000), 4096))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/^No request could be read/) });
    await expect(analyseCrawlerLog(oneLongLine())).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/No request could be read.*1 line was longer than 16 KB/) });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expect(analyseCrawlerLog(chunksOf(png))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/not a text access log/) });
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, `${COMBINED_LOG.split('\n')[0]}\n`), { level: 9 });
    expect(bomb.length).toBeLessThan(300 * 1024);
    const refusal = analyseCrawlerLog(chunksOf(bomb, 64 * 1024), { limits: { maxDecompressedBytes: 8 * 1024 * 1024, maxLineBytes: 16 * 1024 } });
    await expect(refusal).rejects.toBeInstanceOf(LogRefusal);
    await expect(refusal).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/larger than 8 MB once decompressed/) });
    const gzipped = gzipSync(COMBINED_LOG.repeat(50));
    await expect(analyseCrawlerLog(chunksOf(gzipped.subarray(0, gzipped.length >> 1), 512))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/gzip file is damaged/) });
  }, 30_000);
});
