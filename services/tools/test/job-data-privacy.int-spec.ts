import { describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('jobprivacy', { workers: 1 });

/** Every job the queue still holds, in any state, as the queue board would show it. */
async function heldJobs(): Promise<Job[]> {
  return harness().queue.getJobs(['completed', 'failed', 'waiting', 'delayed', 'active', 'prioritized']);
}

describe('email addresses in the queue', () => {
  it('keeps no address in a finished job, answered or failed, while the stored record keeps it', async () => {
    const address = 'Privacy.Person@example.com';
    const answered = await fetch(`${harness().baseUrl()}/api/llm-query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'best oat milk for coffee', email: address }),
    });
    expect(answered.status).toBe(200);
    // A job no worker can run (its data is not an audit request) fails at once, for good.
    const broken = await harness().queue.add('audit', { email: address, query: 42 }, { attempts: 1 });
    for (let waited = 0; (await harness().queue.getJobState(String(broken.id))) !== 'failed'; waited += 100) {
      if (waited > 20_000) throw new Error('the broken job never failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const jobs = await heldJobs();
    expect(jobs.map((job) => job.name).sort()).toEqual(['audit', 'audit']);
    for (const job of jobs) expect(JSON.stringify(job.data).toLowerCase()).not.toContain(address.toLowerCase());
    const stored = await harness().db.query<{ email: string }>('SELECT email FROM llm_queries');
    expect(stored.rows.map((row) => row.email.toLowerCase())).toEqual([address.toLowerCase()]);
  }, 60_000);
});
