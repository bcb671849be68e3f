import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminAccess, AdminSessionStore } from '@agency/server-kit';
import { FUZZ_SETTINGS, fuzzEndpoints, fuzzTimeoutMs, listRoutes, type Route, storedRowsFingerprint } from '@agency/server-kit/testing';
import { VALID_BODIES } from '../support/valid-bodies.js';
import { SITE_ORIGIN, startSeededOnLoopback, type TestContext } from '../support/test-app.js';
import { startContentWithTools } from '../support/tools-api.js';

describe('bad input fuzzing: every content endpoint (fast-check)', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let sessions: AdminSessionStore;
  let cookie: string;

  beforeAll(async () => {
    // The real tools API runs beside it: erasure asks it for its part first.
    ({ ctx, baseUrl } = await startSeededOnLoopback('fuzz', startContentWithTools));
    sessions = new AdminSessionStore(ctx.redis);
    cookie = `admin_session=${await sessions.create()}`;
  }, 60_000);
  afterAll(() => ctx.close());

  const headersFor = async (route: Route): Promise<Record<string, string>> => {
    const access = adminAccess(route.path);
    if (access === 'public') return {};
    if (access === 'login') return { origin: SITE_ORIGIN };
    // Logging out ends the session it is sent with: it gets one of its own each time.
    if (route.path === '/api/admin/logout') return { origin: SITE_ORIGIN, cookie: `admin_session=${await sessions.create()}` };
    return { origin: SITE_ORIGIN, cookie };
  };

  it('answers every generated request without a 5xx, in the error shape, storing nothing it refused and polluting no prototype', async () => {
    const routes = listRoutes(ctx.app);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const report = await fuzzEndpoints({
      name: 'content',
      baseUrl,
      routes,
      examples: VALID_BODIES,
      validPathValues: async () => {
        const rows = await ctx.dataSource.query<{ value: string }[]>(
          `SELECT id::text AS value FROM blog_posts UNION SELECT slug FROM blog_posts UNION SELECT id::text FROM categories
           UNION SELECT id::text FROM search_lab_entries UNION SELECT slug FROM search_lab_entries UNION SELECT id::text FROM youtube_videos`,
        );
        return rows.map((row) => row.value);
      },
      headersFor,
      snapshot: () => storedRowsFingerprint((sql) => ctx.dataSource.query(sql)),
      // The site-wide health check names the tools API, which these tests do not run.
      expectedServerErrors: { 'GET /api/health': [503] },
    });
    expect(report.cases).toBe(routes.length * FUZZ_SETTINGS.runsPerRoute);
    expect(report.accepted).toBeGreaterThan(0);
  }, fuzzTimeoutMs(40));
});
