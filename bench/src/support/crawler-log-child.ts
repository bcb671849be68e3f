/**
 * One measured run of the crawler-log benchmark, in a process of its own so that its peak RSS is
 * its own: `count` (stream, count newlines), `whole` (read the file whole, split it) or `analyse`
 * (the analyzer over 256 KB pieces, as the worker reads an upload). Prints one JSON line.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { repoRoot } from './bench-processes.js';

const [mode, file] = process.argv.slice(2) as [string, string];
let peakHeap = 0;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 10);
const pieces = () => createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;
const started = performance.now();
let figures: Record<string, number>;
if (mode === 'count') {
  let lines = 0;
  for await (const piece of pieces()) for (let at = piece.indexOf(10); at !== -1; at = piece.indexOf(10, at + 1)) lines++;
  figures = { lines };
} else if (mode === 'whole') {
  const lines = readFileSync(file, 'utf8').split('\n');
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  figures = { lines: lines.length };
} else {
  const { analyseCrawlerLog } = (await import(`${repoRoot}services/tools/dist/src/crawler-log/crawler-log-analysis.js`)) as {
    analyseCrawlerLog: (chunks: AsyncIterable<Buffer>) => Promise<{ lines: number; skipped: number; agents: unknown[] }>;
  };
  const report = await analyseCrawlerLog(pieces());
  figures = { lines: report.lines, skipped: report.skipped, agents: report.agents.length };
}
const ms = performance.now() - started;
clearInterval(sampler);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
console.log(JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, peakHeapBytes: peakHeap, ...figures }));
