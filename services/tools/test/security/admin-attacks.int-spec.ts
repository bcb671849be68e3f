import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSessionStore } from '@agency/server-kit';
import { adminRoutes, type Route, runAdminAttacks, storedRowsFingerprint } from '@agency/server-kit/testing';
import { SITE_ORIGIN, useToolsHarness } from '../support/tools-harness.js';

const harness = useToolsHarness('attacks', { workers: 0 });

describe('admin attacks on every admin route of the tools API', () => {
  let routes: Route[];

  beforeAll(() => {
    routes = adminRoutes(harness().app());
  });

  it('refuses every attack on every route the router serves behind the session guard', async () => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/llm-queries', 'GET /api/admin/query-fan-out-requests', 'GET /api/admin/image-analyses', 'GET /api/admin/image-analyses/:id']),
    );
    // Sessions live in the Redis both services share: one made by the store is one the content login makes.
    const sessions = new AdminSessionStore(harness().redis);
    const outcomes = await runAdminAttacks({
      baseUrl: harness().baseUrl(),
      siteOrigin: SITE_ORIGIN,
      cookieName: 'admin_session',
      routes,
      signIn: () => sessions.create(),
      signOut: (sessionId) => sessions.destroy(sessionId),
      snapshot: () => storedRowsFingerprint(async (sql) => (await harness().db.query(sql)).rows as Record<string, unknown>[]),
      bodyFor: () => ({}),
    });
    const failures = outcomes.filter((outcome) => outcome.problems.length > 0);
    process.stdout.write(`[admin attacks] tools: ${outcomes.length} attacks on ${routes.length} admin routes, ${failures.length} got through\n`);
    expect(failures).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(routes.length * 19);
  }, 120_000);
});
