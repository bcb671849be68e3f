import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCookie, SITE_ORIGIN } from './support/test-app.js';
import { type ContentWithTools, startContentWithTools } from './support/tools-api.js';

const PERSON = 'Queued.Person@example.com';
const OTHER = 'someone.else@example.com';

/**
 * The tools queue as BullMQ lays it out in Redis: a hash per job (its `data` is JSON), and a
 * list or sorted set of job ids per state. Jobs the tools' workers finished before they dropped
 * addresses, or a job still waiting, hold one.
 */
const JOBS: { id: string; state: 'wait' | 'active' | 'delayed' | 'completed' | 'failed'; data: Record<string, unknown> }[] = [
  { id: '1', state: 'completed', data: { query: 'oat milk', brand: null, email: PERSON, model: 'gpt-4o' } },
  { id: '2', state: 'failed', data: { keyword: 'oat milk', website: 'https://shop.example/', email: PERSON.toLowerCase() } },
  { id: '3', state: 'wait', data: { email: PERSON.toUpperCase(), uploadKey: 'tools:upload:x', mainImageChecks: [] } },
  { id: '4', state: 'delayed', data: { query: `a question naming ${PERSON}`, brand: null, email: OTHER, model: 'gpt-4o' } },
  { id: '5', state: 'completed', data: { query: 'oat milk', brand: null, email: OTHER, model: 'gpt-4o' } },
];

describe('erasure and the tools queue', () => {
  let ctx: ContentWithTools;
  let cookie: string;

  beforeAll(async () => {
    ctx = await startContentWithTools('erasequeue');
    cookie = await adminCookie(ctx);
  }, 60_000);
  afterAll(() => ctx.close());

  const jobData = async (id: string) => JSON.parse((await ctx.redis.hget(`bull:tools:${id}`, 'data')) ?? 'null') as Record<string, unknown>;

  it('removes the address from every job that holds it, in any state and letter case, and leaves other people’s jobs alone', async () => {
    for (const job of JOBS) {
      await ctx.redis.hset(`bull:tools:${job.id}`, { name: 'audit', data: JSON.stringify(job.data), timestamp: Date.now() });
      if (job.state === 'wait' || job.state === 'active') await ctx.redis.lpush(`bull:tools:${job.state}`, job.id);
      else await ctx.redis.zadd(`bull:tools:${job.state}`, Date.now(), job.id);
    }
    await ctx.http().post('/api/admin/erasures').set('Origin', SITE_ORIGIN).set('Cookie', cookie).send({ email: PERSON }).expect(200);

    for (const id of ['1', '2', '3']) {
      const data = await jobData(id);
      expect(JSON.stringify(data).toLowerCase()).not.toContain(PERSON.toLowerCase());
      expect(data).not.toHaveProperty('email');
    }
    expect(await jobData('1')).toEqual({ query: 'oat milk', brand: null, model: 'gpt-4o' });
    // Another person's jobs keep their address, even one whose question names the erased one.
    expect(await jobData('4')).toEqual(JOBS[3]!.data);
    expect(await jobData('5')).toEqual(JOBS[4]!.data);
  });
});
