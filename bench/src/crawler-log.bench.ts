/**
 * AI Crawler Log Analyzer: a generated 50 MB access log (combined format, and the same gzipped)
 * read the way the worker reads an upload, in 256 KB pieces, each run in a fresh process. Prints
 * the peak memory (RSS and heap) and the time beside two baselines measured in the same run: a
 * process that only counts the file's lines as a stream (the least any reader needs), and one
 * that reads the file whole and splits it (what the analyzer must not do).
 *
 *   node bench/dist/src/crawler-log.bench.js   (after `npm run build`)
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { formatBytes, formatNumber, formatTable, reportFigure } from './support/bench-report.js';

const LOG_BYTES = 50 * 1024 * 1024;
const CHILD = new URL('./support/crawler-log-child.js', import.meta.url).pathname;

const AGENTS = [
  ['20.171.206.', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot'],
  ['198.51.100.', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot'],
  ['66.249.66.', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['160.79.104.', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'],
  ['18.97.9.', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)'],
  ['157.55.39.', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
] as const;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Deterministic lines: a third from AI crawlers (some impostors), 20,000 distinct paths, 60 days, a few malformed. */
function* logLines(): Generator<string> {
  let bytes = 0;
  for (let index = 0; bytes < LOG_BYTES; index++) {
    const hash = (index * 2654435761) >>> 0;
    const [prefix, agent] = hash % 3 === 0 ? AGENTS[(hash >>> 8) % AGENTS.length]! : [`203.0.${hash % 250}.`, BROWSER];
    const day = String(1 + (Math.floor(index / 20_000) % 28)).padStart(2, '0');
    const month = Math.floor(index / 560_000) % 2 === 0 ? 'Oct' : 'Nov';
    const path = `/${['blog', 'products', 'guides', 'help'][hash % 4]}/${hash % 5000}${hash % 7 === 0 ? '?utm_source=x' : ''}`;
    const line =
      index % 997 === 0
        ? 'malformed line without any of the fields\n'
        : `${prefix}${hash % 250} - - [${day}/${month}/2025:${String(hash % 24).padStart(2, '0')}:${String(hash % 60).padStart(2, '0')}:07 +0000] "GET ${path} HTTP/1.1" ${hash % 11 === 0 ? 404 : 200} ${hash % 90_000} "-" "${agent}"\n`;
    bytes += Buffer.byteLength(line);
    yield line;
  }
}

interface ChildFigures {
  ms: number;
  maxRssBytes: number;
  peakHeapBytes: number;
  lines: number;
  skipped?: number;
  agents?: number;
}

function runChild(mode: string, file: string): ChildFigures {
  const result = spawnSync(process.execPath, ['--max-old-space-size=1024', CHILD, mode, file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${mode} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as ChildFigures;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crawler-log-bench-'));
  try {
    const plain = join(dir, 'access.log');
    const gzipped = join(dir, 'access.log.gz');
    await pipeline(Readable.from(logLines()), createWriteStream(plain));
    await pipeline(Readable.from(logLines()), createGzip(), createWriteStream(gzipped));
    console.log(`   generated ${formatBytes(statSync(plain).size)} of combined log (${formatBytes(statSync(gzipped).size)} gzipped)`);

    const runs: [string, string, ChildFigures][] = [
      ['baseline: count lines as a stream', 'count', runChild('count', plain)],
      ['baseline: read whole and split', 'whole', runChild('whole', plain)],
      ['analyzer, plain log', 'analyse', runChild('analyse', plain)],
      ['analyzer, gzip log', 'analyse', runChild('analyse', gzipped)],
    ];
    console.log(
      formatTable(
        ['run', 'time', 'peak RSS', 'peak heap', 'lines', 'skipped', 'agents'],
        runs.map(([label, , figures]) => [
          label,
          `${formatNumber(figures.ms)} ms`,
          formatBytes(figures.maxRssBytes),
          formatBytes(figures.peakHeapBytes),
          formatNumber(figures.lines),
          figures.skipped === undefined ? '' : formatNumber(figures.skipped),
          figures.agents === undefined ? '' : String(figures.agents),
        ]),
      ),
    );
    const [count, whole, analysePlain, analyseGzip] = runs.map(([, , figures]) => figures) as [ChildFigures, ChildFigures, ChildFigures, ChildFigures];
    const worst = Math.max(analysePlain.maxRssBytes, analyseGzip.maxRssBytes);
    reportFigure({
      bench: 'crawler-log',
      figure: 'peak RSS reading a 50 MB log (plain / gzip)',
      value: `${formatBytes(analysePlain.maxRssBytes)} / ${formatBytes(analyseGzip.maxRssBytes)}`,
      baseline: `stream line count ${formatBytes(count.maxRssBytes)}; read whole ${formatBytes(whole.maxRssBytes)}`,
      target: '< read-whole baseline',
      met: worst < whole.maxRssBytes,
    });
    reportFigure({
      bench: 'crawler-log',
      figure: 'peak heap reading a 50 MB log (plain / gzip)',
      value: `${formatBytes(analysePlain.peakHeapBytes)} / ${formatBytes(analyseGzip.peakHeapBytes)}`,
      baseline: `stream line count ${formatBytes(count.peakHeapBytes)}; read whole ${formatBytes(whole.peakHeapBytes)}`,
      target: '',
    });
    reportFigure({
      bench: 'crawler-log',
      figure: 'lines per second (plain)',
      value: formatNumber(analysePlain.lines / (analysePlain.ms / 1000)),
      baseline: `stream line count ${formatNumber(count.lines / (count.ms / 1000))}`,
      target: '',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
