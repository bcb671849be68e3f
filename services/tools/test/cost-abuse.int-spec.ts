import { describe, expect, it } from '@jest/globals';
import { modelCallsPerJob } from '../src/jobs/model-calls.js';
import { QUEUE_BUSY_MESSAGE } from '../src/queue/tool-queue.js';
import { percentile, postAudit, type AuditOutcome } from './support/audit-load.js';
import { startToolsGateway } from './support/tools-gateway.js';
import { useToolsHarness } from './support/tools-harness.js';

const ALLOWANCE = 20;
// One answer per engine: the budget arithmetic below is what this suite checks, not repeated runs.
const AUDIT_RUNS = 1;
/**
 * The simulator shares this process's event loop with the burst (its client and the API): under
 * a busy machine it answered later than the harness's 3 s model deadline, and a call given up
 * before the simulator read it was never counted (93 of 100). A deadline no burst outlasts keeps
 * every accepted audit's calls whole; the queue test below keeps the short one.
 */
const BURST_MODEL_DEADLINE_MS = 30_000;
const harness = useToolsHarness('costabuse', {
  workers: 0,
  env: { TOOLS_RATE_LIMIT: String(ALLOWANCE), AUDIT_RUNS: String(AUDIT_RUNS), MODEL_DEADLINE_MS: String(BURST_MODEL_DEADLINE_MS) },
});

/** Runs `total` calls, at most `concurrency` at a time, in order. */
async function burst<T>(total: number, concurrency: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        results[index] = await call(index);
      }
    }),
  );
  return results;
}

describe('cost abuse', () => {
  it('gives one client its allowance of audits, then 429s through the gateway, whatever X-Forwarded-For it claims', async () => {
    const worker = await harness().startWorker();
    const port = Number(new URL(harness().baseUrl()).port);
    const gateway = await startToolsGateway(port);
    try {
      const started = performance.now();
      const outcomes: AuditOutcome[] = await burst(1000, 100, (index) =>
        postAudit(gateway.url, `burst ${index}`, {
          'X-Forwarded-For': `203.0.113.${index % 250}, 10.0.0.${index % 7}`,
          'X-Real-IP': `198.51.100.${index % 250}`,
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const answered = outcomes.filter((outcome) => outcome.status === 200);
      const limited = outcomes.filter((outcome) => outcome.status === 429);
      expect({ answered: answered.length, limited: limited.length }).toEqual({ answered: ALLOWANCE, limited: 1000 - ALLOWANCE });
      for (const outcome of limited) {
        expect(outcome.body).toEqual({
          statusCode: 429,
          message: expect.stringMatching(/^You have used this tool 20 times recently\. Please try again in \d+ minutes\.$/),
          error: 'Too Many Requests',
        });
      }
      // Every engine answered each accepted audit: a timed-out call would make the count below unknowable.
      expect(answered.map((outcome) => (outcome.body as { errors: Record<string, string> }).errors)).toEqual(answered.map(() => ({})));
      // The model budget spent is the allowance's, not the burst's: each accepted audit asks the four
      // providers once, then one lists the brands.
      const received = Object.values(harness().sim.stats()).reduce((sum, provider) => sum + provider.received, 0);
      expect(received).toBe(ALLOWANCE * modelCallsPerJob('audit', 4, { auditRuns: AUDIT_RUNS, semanticExpansionPasses: 1 }));
      const refusalP99 = percentile(limited.map((outcome) => outcome.ms), 99);
      console.log(
        `faults: burst of 1000 audits from one client in ${seconds.toFixed(1)} s: ${answered.length} answered, ${limited.length} refused with 429 (p99 ${Math.round(refusalP99)} ms), ${received} model calls`,
      );
    } finally {
      await gateway.stop();
      await harness().stopWorker(worker);
    }
  }, 120_000);

  it('answers 503 "busy" at once instead of queueing beyond the depth limit', async () => {
    const depth = 25;
    // A separate API process with no worker running: accepted jobs wait out their 4 s deadline (504).
    const api = await harness().startApiProcess(undefined, {
      TOOLS_MAX_QUEUE_DEPTH: String(depth),
      TOOLS_QUEUE_WAIT_MS: '1000',
      TOOLS_RATE_LIMIT: '100000',
      MODEL_DEADLINE_MS: '3000',
    });
    let deepest = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        deepest = Math.max(deepest, await harness().queue.getWaitingCount());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      const outcomes = await Promise.all(Array.from({ length: 300 }, (_, index) => postAudit(api.url, `flood ${index}`)));
      const busy = outcomes.filter((outcome) => outcome.status === 503);
      const accepted = outcomes.filter((outcome) => outcome.status === 504);
      expect({ accepted: accepted.length, busy: busy.length }).toEqual({ accepted: depth, busy: 300 - depth });
      busy.forEach((outcome) => expect(outcome.body).toEqual({ statusCode: 503, message: QUEUE_BUSY_MESSAGE, error: 'Service Unavailable' }));
      // Refused at once: every refusal came back before the first accepted request's deadline.
      expect(Math.max(...busy.map((outcome) => outcome.ms))).toBeLessThan(Math.min(...accepted.map((outcome) => outcome.ms)));
      expect(deepest).toBeLessThanOrEqual(depth);
      console.log(
        `faults: 300 audits against a queue depth limit of ${depth}: ${busy.length} refused with 503 (p50 ${Math.round(percentile(busy.map((outcome) => outcome.ms), 50))} ms), the queue never held more than ${deepest}`,
      );
    } finally {
      watching = false;
      await watcher;
      await api.stop();
      await harness().queue.obliterate({ force: true });
    }
  }, 60_000);
});
