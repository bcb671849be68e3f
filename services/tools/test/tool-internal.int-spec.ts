import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INTERNAL_TICKET_HEADER, issueInternalTicket } from '@agency/server-kit';
import type { ToolErasure, ToolLead } from '@agency/shared';
import { Redis } from 'ioredis';
import { SITE_ORIGIN, useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('toolinternal', { workers: 0 });
const PERSON = 'Gone.Person@Example.com';
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(harness().env.REDIS_URL!);
  const hourAgo = `now() - interval '30 minutes'`;
  for (const [job, email] of [['g1', PERSON], ['g2', 'gone.person@example.com'], ['g3', 'kept@example.com']] as const) {
    await harness().db.query(`INSERT INTO llm_queries (job_id, query, email, model, response, created_at) VALUES ($1, 'oat milk', $2, 'gpt-4o', '{}', ${hourAgo})`, [job, email]);
    await harness().db.query(`INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results, created_at) VALUES ($1, 'oat', 'https://x.example', $2, '{}', ${hourAgo})`, [job, email]);
  }
  await harness().db.query(`INSERT INTO image_analyses (job_id, email, created_at) VALUES ('g4', $1, ${hourAgo})`, [PERSON]);
});
afterAll(() => redis.disconnect());

describe('what the content service asks of the tools service', () => {
  const window = () => {
    const until = new Date();
    return `from=${new Date(until.getTime() - 3_600_000).toISOString()}&until=${until.toISOString()}`;
  };

  it('answers the hour’s tool leads to a call carrying a ticket from the shared Redis, once per ticket, and to nothing else', async () => {
    await harness().http().get(`/api/internal/tool-leads?${window()}`).expect(401);
    await harness().http().get(`/api/internal/tool-leads?${window()}`).set(INTERNAL_TICKET_HEADER, 'made-up').expect(401);
    const ticket = await issueInternalTicket(redis);
    const leads = (await harness().http().get(`/api/internal/tool-leads?${window()}`).set(INTERNAL_TICKET_HEADER, ticket).expect(200)).body as ToolLead[];
    expect(leads).toHaveLength(7);
    expect(leads.filter((lead) => lead.tool === 'semantic-expansion').map((lead) => [lead.toolTitle, lead.question])).toEqual([
      ['Semantic Expansion', 'oat'],
      ['Semantic Expansion', 'oat'],
      ['Semantic Expansion', 'oat'],
    ]);
    expect(leads.find((lead) => lead.tool === 'image')).toEqual(expect.objectContaining({ toolTitle: 'AI Image Reader', email: PERSON, question: '' }));
    await harness().http().get(`/api/internal/tool-leads?${window()}`).set(INTERNAL_TICKET_HEADER, ticket).expect(401);
    await harness().http().get('/api/internal/tool-leads?from=yesterday&until=now').set(INTERNAL_TICKET_HEADER, await issueInternalTicket(redis)).expect(400);
  });

  it('erases every tool record of an address, in any case, for an admin session from the site only, and says what it removed', async () => {
    const erase = () => harness().http().post('/api/admin/people/tool-records/erasure').send({ email: 'GONE.person@example.com' });
    await erase().set('Origin', SITE_ORIGIN).expect(401);
    const cookie = await harness().adminCookie();
    await erase().set('Cookie', cookie).set('Origin', 'https://elsewhere.example').expect(403);
    await harness().http().post('/api/admin/people/tool-records/erasure').set('Cookie', cookie).set('Origin', SITE_ORIGIN).send({ email: 'not an address' }).expect(400);

    const receipt = (await erase().set('Cookie', cookie).set('Origin', SITE_ORIGIN).expect(200)).body as ToolErasure;
    expect(receipt).toEqual({
      records: { auditRecords: 2, fanOutRecords: 2, imageAnalyses: 1, crawlerLogAnalyses: 0 },
      summary: '2 audits, 2 fan-out requests, 1 image analysis',
    });
    const left = await harness().db.query<{ email: string }>('SELECT email FROM llm_queries UNION ALL SELECT email FROM query_fan_out_requests UNION ALL SELECT email FROM image_analyses');
    expect(left.rows.map((row) => row.email)).toEqual(['kept@example.com', 'kept@example.com']);
    expect(((await erase().set('Cookie', cookie).set('Origin', SITE_ORIGIN).expect(200)).body as ToolErasure).summary).toBe('0 audits, 0 fan-out requests, 0 image analyses');
  });
});
