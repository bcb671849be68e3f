import { beforeAll, describe, expect, it } from '@jest/globals';
import { adminAccess } from '@agency/server-kit';
import { FUZZ_SETTINGS, fuzzEndpoints, fuzzTimeoutMs, listRoutes, type Route, storedRowsFingerprint } from '@agency/server-kit/testing';
import sharp from 'sharp';
import { SITE_ORIGIN, useToolsHarness } from '../support/tools-harness.js';

const harness = useToolsHarness('fuzz', { workers: 1 });

describe('bad input fuzzing: every tools endpoint (fast-check)', () => {
  let routes: Route[];
  let examples: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    routes = listRoutes(harness().app());
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
    examples = {
      'POST /api/llm-query': { query: 'best oat milk for coffee', brand: 'Oatly', email: 'fuzz@example.com', model: 'gpt-4o' },
      // A public-looking name that does not resolve: the crawl ends at once and costs nothing.
      'POST /api/query-fan-out': { keyword: 'oat milk', website: 'https://shop.example/', email: 'fuzz@example.com' },
      'POST /api/analyze-image': { imageBase64: png.toString('base64'), email: 'fuzz@example.com' },
      // An address nobody used: the erasure it allows deletes nothing.
      'POST /api/admin/people/tool-records/erasure': { email: 'nobody.at.all@example.com' },
      // Service to service: without its one-use ticket every case must be refused (401), never a 5xx.
      'POST /api/internal/tracking/unsubscribe': { email: 'nobody.at.all@example.com' },
      // No report or tracked question has these ids: every case is refused, never a 5xx.
      'POST /api/llm-query/reports/:reportId/tracking': { email: 'fuzz@example.com', cadence: 'weekly' },
      'POST /api/llm-query/reports/:reportId/tracking/stop': {},
      'PATCH /api/admin/tracked-questions/:id': { status: 'paused' },
      // The log upload takes multipart only: every JSON body the fuzzer makes of this must be refused (415), never a 5xx.
      'POST /api/crawler-logs': { email: 'fuzz@example.com', log: '203.0.113.9 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "GPTBot/1.2"' },
    };
  }, 60_000);

  it('answers every generated request without a 5xx, in the error shape, queueing and storing nothing it refused', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const cookie = await harness().adminCookie();
    const report = await fuzzEndpoints({
      name: 'tools',
      baseUrl: harness().baseUrl(),
      routes,
      examples,
      validPathValues: () => Promise.resolve([]),
      headersFor: (route) => Promise.resolve<Record<string, string>>(adminAccess(route.path) === 'public' ? {} : { origin: SITE_ORIGIN, cookie }),
      // A refused request must leave no job (of any state) and no row behind.
      snapshot: async () => {
        const counts = await harness().queue.getJobCounts();
        const stored = await storedRowsFingerprint(async (sql) => (await harness().db.query(sql)).rows as Record<string, unknown>[]);
        return `${JSON.stringify(counts)} ${stored}`;
      },
    });
    expect(report.cases).toBe(routes.length * FUZZ_SETTINGS.runsPerRoute);
    // Valid cases ran real jobs against the model simulator; they stay a small share.
    expect(report.accepted).toBeGreaterThan(0);
  }, fuzzTimeoutMs(10));
});
