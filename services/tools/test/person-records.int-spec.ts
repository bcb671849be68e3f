import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { PersonRecords } from '@agency/shared';
import { ENTRY, freePort, startNodeProcess, waitUntilReady, type ServiceProcess } from './support/service-process.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

const PERSON = 'Lead.Person@Example.com';

// The content service as its own process, asking this tools API for the tool records.
const harness = useToolsHarness('personrecords', { workers: 0 });
let content: ServiceProcess & { url: string };

beforeAll(async () => {
  for (const [job, email] of [['p1', PERSON], ['p2', 'lead.person@example.com'], ['p3', 'other@example.com']] as const) {
    await rows(
      harness(),
      `INSERT INTO llm_queries (job_id, query, brand, email, model, response, website, runs, run_answers, visibility, models)
       VALUES ($1, 'best vitamins', 'Zest', $2, 'gpt-4o', '{"openai":"Zest is good"}', 'https://zest.example', 2,
               '{"openai":[{"text":"Zest is good","citations":[],"searchQueries":[],"grounded":true,"brands":["Zest"]},{"text":"Try Acme","citations":[],"searchQueries":[],"grounded":true,"brands":["Acme"]}]}',
               '{"brand":"Zest","aliases":["Zest"],"mentionedIn":1,"answers":2,"low":0.09,"high":0.91,"shareOfVoice":0.5,"averagePosition":1,"engines":{}}',
               '{"openai":"gpt-4o-2024-08-06"}')`,
      [job, email],
    );
    await rows(harness(), `INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results) VALUES ($1, 'vitamins', 'https://x.example', $2, '{}')`, [job, email]);
  }
  await rows(harness(), `INSERT INTO contact_messages (name, email, message) VALUES ('Lead Person', $1, 'Please call me'), ('Other', 'other@example.com', 'Hi')`, [PERSON]);
  await rows(harness(), `INSERT INTO marketing_subscribers (email, source, consent_at) VALUES ('lead.person@example.com', 'contact', now())`);

  const port = await freePort();
  const child = startNodeProcess('content', ENTRY.content, {
    ...harness().env,
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
    CONTENT_PORT: String(port),
    TOOLS_INTERNAL_URL: harness().baseUrl(),
  });
  content = Object.assign(child, { url: `http://127.0.0.1:${port}` });
  await waitUntilReady(`${content.url}/health/ready`, content, 60_000);
}, 90_000);

afterAll(async () => {
  await content?.stop();
});

const people = async (query: string, cookie?: string) => {
  const response = await fetch(`${content.url}/api/admin/people?${query}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/admin/people: every record of one address, by kind, each service answering its own part', () => {
  it('gathers the contact messages, subscriber row and tool records of an address in any case, and no one else’s', async () => {
    const { status, body } = await people(`email=${encodeURIComponent('LEAD.person@example.COM')}`, await harness().adminCookie());
    expect(status).toBe(200);
    const person = body as PersonRecords;
    expect(person.email).toBe('LEAD.person@example.COM');
    expect(person.contactMessages.map((message) => message.message)).toEqual(['Please call me']);
    expect(person.subscriber).toEqual(expect.objectContaining({ email: 'lead.person@example.com', source: 'contact' }));
    expect(person.auditRecords).toHaveLength(2);
    expect(person.fanOutRecords).toHaveLength(2);
    expect(person.imageAnalyses).toEqual([]);
    expect(JSON.stringify(person)).not.toContain('other@example.com');
    // The audit record carries the worker's figures, the site, every run and each engine's model.
    const [audit] = person.auditRecords;
    expect(audit).toEqual(
      expect.objectContaining({ website: 'https://zest.example', runs: 2, models: { openai: 'gpt-4o-2024-08-06' }, visibility: expect.objectContaining({ mentionedIn: 1, answers: 2 }) }),
    );
    expect(audit!.runAnswers.openai?.map((answer) => answer.text)).toEqual(['Zest is good', 'Try Acme']);
  });

  it('an address nobody used answers empty lists; a bad address is a 400; no session is a 401, on both services', async () => {
    const cookie = await harness().adminCookie();
    const nobody = await people('email=nobody%40example.com', cookie);
    expect(nobody.body).toEqual({ email: 'nobody@example.com', contactMessages: [], subscriber: null, auditRecords: [], fanOutRecords: [], imageAnalyses: [], crawlerLogAnalyses: [] });
    for (const query of ['', 'email=not-an-address', 'email=']) {
      const refused = await people(query, cookie);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(expect.objectContaining({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/email/i) }));
    }
    expect((await people('email=lead.person%40example.com')).status).toBe(401);
    expect((await harness().http().get('/api/admin/people/tool-records?email=lead.person%40example.com')).status).toBe(401);
  });

  it('answers 503 with a sentence, not a partial person, when the tools service does not answer', async () => {
    const port = await freePort();
    const lonely = startNodeProcess('content', ENTRY.content, {
      ...harness().env,
      UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
      CONTENT_PORT: String(port),
      TOOLS_INTERNAL_URL: 'http://127.0.0.1:9',
    });
    try {
      await waitUntilReady(`http://127.0.0.1:${port}/health/ready`, lonely, 60_000);
      const response = await fetch(`http://127.0.0.1:${port}/api/admin/people?email=lead.person%40example.com`, { headers: { cookie: await harness().adminCookie() } });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toMatch(/tools service did not answer/);
    } finally {
      await lonely.stop();
    }
  }, 90_000);
});
