import { beforeEach, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimStats } from '@agency/model-sim';
import { stalledCheckIntervalMs } from '../src/config/tools-config.js';
import { workerName } from '../src/jobs/tool-jobs.js';
import { postAudit, steadyAuditLoad, type AuditOutcome } from './support/audit-load.js';
import { rows, useToolsHarness, type ToolsHarness, type WorkerProcess } from './support/tools-harness.js';

/** Short locks so that a lost worker's jobs are taken over within seconds. */
const JOB_LOCK_MS = 2000;
/** Slow enough to act on a worker while its model calls are in flight. */
const SLOW_MODEL_MS = 4000;
const harness = useToolsHarness('processfaults', {
  workers: 0,
  // One answer per engine: each audit then asks every model once while the processes fail around it.
  env: { TOOLS_JOB_LOCK_MS: String(JOB_LOCK_MS), MODEL_DEADLINE_MS: '8000', TOOLS_QUEUE_WAIT_MS: '7000', AUDIT_RUNS: '1' },
});

function total(stats: SimStats, field: 'received' | 'answered' | 'clientAborted' | 'open'): number {
  return Object.values(stats).reduce((sum, provider) => sum + provider[field], 0);
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function storedQueries(prefix: string): Promise<string[]> {
  const stored = await rows<{ query: string }>(harness(), 'SELECT query FROM llm_queries WHERE query LIKE $1', [`${prefix} %`]);
  return stored.map((row) => row.query).sort();
}

/** Completed jobs of this test, by the query they carried. */
async function completedJobs(h: ToolsHarness, prefix: string) {
  const jobs = await h.queue.getJobs(['completed']);
  return jobs.filter((job) => String((job.data as { query?: string }).query).startsWith(`${prefix} `));
}

/**
 * Two workers with `count` slow audits in flight between them, none answered yet; the worker
 * holding most of the jobs is the victim.
 */
async function auditsInFlightOnTwoWorkers(prefix: string, count: number) {
  harness().sim.setConfig({ default: { latencyMs: SLOW_MODEL_MS } });
  const workers = [await harness().startWorker(), await harness().startWorker()] as [WorkerProcess, WorkerProcess];
  const queries = Array.from({ length: count }, (_, index) => `${prefix} ${index}`);
  const calls = queries.map((query) => postAudit(harness().baseUrl(), query));
  // Each audit asks the four engines with search on and once more with it off.
  await until(() => total(harness().sim.stats(), 'received') === 8 * count, 'every job to reach the models');
  expect(total(harness().sim.stats(), 'answered')).toBe(0);
  const active = await harness().queue.getJobs(['active']);
  const held = (worker: WorkerProcess) => active.filter((job) => job.processedBy === workerName(worker.pid)).map((job) => String(job.id));
  const [victim, survivor] = [...workers].sort((a, b) => held(b).length - held(a).length) as [WorkerProcess, WorkerProcess];
  expect(held(victim).length + held(survivor).length).toBe(count);
  return { workers, queries, calls, victim, survivor, victimJobIds: held(victim) };
}

function statuses(outcomes: AuditOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[String(outcome.status)] = (counts[String(outcome.status)] ?? 0) + 1;
  return counts;
}

describe('worker and API processes failing under load', () => {
  beforeEach(() => harness().sim.reset());

  it('takes over a SIGKILLed worker’s jobs once their lock expires: every caller gets its answer, stored once', async () => {
    const { workers, queries, calls, victim, survivor, victimJobIds } = await auditsInFlightOnTwoWorkers('killed', 8);
    try {
      const killedAt = performance.now();
      expect(await harness().stopWorker(victim, 'SIGKILL')).toBe('SIGKILL');

      const outcomes = await Promise.all(calls);
      const recoveredMs = Math.max(...outcomes.map((outcome) => outcome.sentAt + outcome.ms)) - killedAt;
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(8).fill(200));
      outcomes.forEach((outcome) => expect(outcome.body).toMatchObject({ query: outcome.query, errors: {} }));
      // Taken over by the stalled-job check (lock + check interval), then run again: the searches, then the brand list.
      expect(recoveredMs).toBeLessThan(JOB_LOCK_MS + stalledCheckIntervalMs(JOB_LOCK_MS) + 2 * SLOW_MODEL_MS + 2000);
      // The killed worker's model calls were cut off (its sockets closed), and each of its jobs ran once more.
      const stats = harness().sim.stats();
      expect(total(stats, 'clientAborted')).toBe(8 * victimJobIds.length);
      // 8 audits × 4 engines × (search on, search off) (the victim's jobs asked again), and one brand list each.
      expect(total(stats, 'answered')).toBe(64 + 8);
      expect(await storedQueries('killed')).toEqual([...queries].sort());
      const jobs = await completedJobs(harness(), 'killed');
      for (const job of jobs) {
        expect({ id: job.id, stalled: job.stalledCounter, by: job.processedBy }).toEqual({
          id: job.id,
          stalled: victimJobIds.includes(String(job.id)) ? 1 : 0,
          by: workerName(survivor.pid),
        });
      }
      console.log(
        `faults: ${victimJobIds.length} jobs of a SIGKILLed worker were answered ${Math.round(recoveredMs)} ms after the kill (lock ${JOB_LOCK_MS} ms, models ${SLOW_MODEL_MS} ms)`,
      );
    } finally {
      await Promise.all(workers.map((worker) => harness().stopWorker(worker)));
    }
  }, 60_000);

  it('stores nothing twice when a frozen worker wakes up after its jobs were taken over', async () => {
    const { workers, queries, calls, victim, victimJobIds } = await auditsInFlightOnTwoWorkers('frozen', 4);
    try {
      victim.child.kill('SIGSTOP');
      try {
        const outcomes = await Promise.all(calls);
        expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200]);
      } finally {
        victim.child.kill('SIGCONT');
      }
      // The woken worker finishes the same jobs: each of its inserts takes a number from the id
      // sequence, then yields to the row already stored under that job id.
      const storedBefore = (await rows(harness(), 'SELECT id FROM llm_queries')).length;
      await until(async () => {
        const [sequence] = await rows<{ last_value: string }>(harness(), 'SELECT last_value FROM llm_queries_id_seq');
        return Number(sequence?.last_value) >= storedBefore + victimJobIds.length;
      }, 'the woken worker to store its (duplicate) results');
      expect(await storedQueries('frozen')).toEqual(queries);
      expect(await rows(harness(), 'SELECT id FROM llm_queries')).toHaveLength(storedBefore);
    } finally {
      await Promise.all(workers.map((worker) => harness().stopWorker(worker)));
    }
  }, 60_000);

  it('restarts the workers one at a time under steady load without a failed request or a stalled job', async () => {
    harness().sim.setConfig({ default: { latencyMs: 400 } });
    const workers = await Promise.all([harness().startWorker(), harness().startWorker(), harness().startWorker()]);
    const load = steadyAuditLoad(harness().baseUrl(), 6, 'rolling');
    const restartMs: number[] = [];
    try {
      await sleep(1000);
      for (const [index, worker] of workers.entries()) {
        const replacing = performance.now();
        const [exit, replacement] = await Promise.all([harness().stopWorker(worker, 'SIGTERM'), harness().startWorker()]);
        expect([0, 'SIGTERM']).toContain(exit);
        expect(worker.output()).not.toMatch(/error/i);
        workers[index] = replacement;
        restartMs.push(performance.now() - replacing);
        await sleep(500);
      }
    } finally {
      await load.stop();
    }
    const { outcomes } = load;

    expect(statuses(outcomes)).toEqual({ 200: outcomes.length });
    expect(outcomes.length).toBeGreaterThan(30);
    expect(await storedQueries('rolling')).toHaveLength(outcomes.length);
    const jobs = await completedJobs(harness(), 'rolling');
    expect(jobs).toHaveLength(outcomes.length);
    expect(jobs.filter((job) => job.stalledCounter > 0)).toEqual([]);
    expect(await harness().queue.getFailedCount()).toBe(0);
    console.log(
      `faults: rolling restart of 3 workers under load: ${outcomes.length} audits, all 200; each replacement took ${restartMs.map(Math.round).join(', ')} ms`,
    );
    await Promise.all(workers.map((worker) => harness().stopWorker(worker)));
  }, 120_000);

  it('restarts the tools API under load: a request whose job completed always gets its answer', async () => {
    harness().sim.setConfig({ default: { latencyMs: 1000 } });
    const worker = await harness().startWorker();
    let api = await harness().startApiProcess();
    const load = steadyAuditLoad(() => api.url, 8, 'api-restart');
    const restart = async () => {
      await sleep(1500);
      const stoppingAt = performance.now();
      const exit = await api.stop('SIGTERM');
      const stoppedMs = performance.now() - stoppingAt;
      api = await harness().startApiProcess(api.port);
      const downMs = performance.now() - stoppingAt;
      await sleep(1500);
      return { stoppingAt, exit, stoppedMs, downMs };
    };
    const { stoppingAt, exit, stoppedMs, downMs } = await restart().finally(() => load.stop());
    const { outcomes } = load;

    // The old process answered the requests waiting for their jobs, then stopped on its own.
    expect([0, 'SIGTERM']).toContain(exit);
    expect(stoppedMs).toBeLessThan(1000 + 4000);
    const waitingAtStop = outcomes.filter((outcome) => outcome.sentAt < stoppingAt - 200 && outcome.sentAt + outcome.ms > stoppingAt);
    expect(waitingAtStop.length).toBeGreaterThan(0);
    expect(waitingAtStop.filter((outcome) => outcome.status !== 200)).toEqual([]);
    const stored = new Set(await storedQueries('api-restart'));
    const unanswered = outcomes.filter((outcome) => outcome.status !== 200);
    // Every answer matches what happened: 200 with a stored record, or refused before any job was
    // queued (503 JSON; a refused connection while no process listens; or a keep-alive connection
    // closed by the stopping server just as the next request was sent on it, which never reached it).
    expect(outcomes.filter((outcome) => outcome.status === 200 && !stored.has(outcome.query))).toEqual([]);
    expect(unanswered.filter((outcome) => stored.has(outcome.query))).toEqual([]);
    expect(unanswered.filter((outcome) => !['refused', 'reset', 503].includes(outcome.status))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 504)).toEqual([]);
    unanswered
      .filter((outcome) => outcome.status === 503)
      .forEach((outcome) => expect(outcome.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' }));
    // Jobs queued before the restart were not abandoned: all of them finished.
    await until(async () => (await harness().queue.getActiveCount()) + (await harness().queue.getWaitingCount()) === 0, 'the queue to drain');
    expect(await storedQueries('api-restart')).toHaveLength(outcomes.filter((outcome) => outcome.status === 200).length);
    console.log(
      `faults: tools API restart under load: ${outcomes.length} audits ${JSON.stringify(statuses(outcomes))}; the old process answered the ${waitingAtStop.length} waiting requests and stopped in ${Math.round(stoppedMs)} ms, a new one answered after ${Math.round(downMs)} ms`,
    );
    await Promise.all([api.stop(), harness().stopWorker(worker)]);
  }, 120_000);
});
