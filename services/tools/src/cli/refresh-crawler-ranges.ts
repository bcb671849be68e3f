/**
 * Refreshes the crawlers' published address ranges (src/crawler-log/crawler-ranges.json) from the
 * operators' own lists: `npm run crawler-ranges:refresh -w @agency/tools` (after a build). Each
 * list that downloads and reads is replaced and dated; a list that cannot be fetched is kept as it
 * was, named, and the command exits 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RangesFile } from '../crawler-log/crawler-agents.js';
import { prefixesOf } from '../crawler-log/published-ranges.js';

// From dist/src/cli/ (where it runs) to the source file, which the build copies.
const RANGES_FILE = fileURLToPath(new URL('../../../src/crawler-log/crawler-ranges.json', import.meta.url));
const FETCH_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const file = JSON.parse(readFileSync(RANGES_FILE, 'utf8')) as RangesFile;
  const failures: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (const [agent, ranges] of Object.entries(file.agents)) {
    try {
      const response = await fetch(ranges.source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      file.agents[agent] = { source: ranges.source, retrieved: today, prefixes: prefixesOf(await response.text()) };
      console.log(`${agent}: ${file.agents[agent].prefixes.length} ranges from ${ranges.source}`);
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      failures.push(`${agent}: could not read ${ranges.source} (${cause}); its ranges of ${ranges.retrieved} are kept`);
    }
  }
  writeFileSync(RANGES_FILE, `${JSON.stringify(file, null, 2)}\n`);
  if (failures.length > 0) {
    console.error(`Not every list could be refreshed (is the internet reachable from here?):\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
