import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { simulatedAuditBrands } from '@agency/model-sim';
import { MODEL_PROVIDER_IDS, TRACKING_LIMIT_MESSAGE } from '@agency/shared';
import { Queue } from 'bullmq';
import { TRACKING_QUEUE, trackingSchedulerId } from '../src/jobs/tracking-jobs.js';
import { installFakeClock, setFakeClock } from './support/fake-clock.js';
import { rows, useToolsHarness, type ToolsHarness } from './support/tools-harness.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const clockFile = join(mkdtempSync(join(tmpdir(), 'tracking-clock-')), 'offset');
const preload = new URL('./support/fake-clock-preload.js', import.meta.url).href;

// This process (the tools API runs in it) and every worker follow one clock that the tests move.
setFakeClock(clockFile, Date.now());
installFakeClock(clockFile);

// One answer per engine: a run is five model calls (four engines, then the brand list). Tracked
// runs may use half of the day's 60 calls; the free tools keep the rest.
const harness = useToolsHarness('tracking', {
  workers: 1,
  env: {
    AUDIT_RUNS: '1',
    TOOLS_DAILY_MODEL_CALLS: '60',
    TRACKING_DAILY_SHARE_PERCENT: '50',
    FAKE_CLOCK_FILE: clockFile,
    NODE_OPTIONS: `--import=${preload}`,
  },
});

interface RunRow {
  slot: Date;
  ran_at: Date;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}; last saw ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

async function audit(h: ToolsHarness, query: string, email: string): Promise<string> {
  const response = await h.http().post('/api/llm-query').set('Content-Type', 'application/json').send({ query, brand: 'Oatly', email }).expect(200);
  return (response.body as { reportId: string }).reportId;
}

/** Asks to track the report and follows the emailed confirmation link, as the visitor would. */
async function track(h: ToolsHarness, reportId: string, email: string, cadence: 'weekly' | 'monthly'): Promise<number> {
  await h.http().post(`/api/llm-query/reports/${reportId}/tracking`).send({ email, cadence }).expect(202);
  const [email_] = await rows<{ payload: { confirmUrl: string } }>(
    h,
    `SELECT payload FROM email_outbox WHERE kind = 'tracking-confirm' AND to_address = $1 ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const confirm = new URL(email_!.payload.confirmUrl);
  expect(confirm.pathname).toBe(`/api/llm-query/reports/${reportId}/tracking/confirm`);
  const page = await h.http().get(`${confirm.pathname}${confirm.search}`).expect(200);
  expect(page.text).toContain('Tracking confirmed');
  const [row] = await rows<{ id: number; status: string }>(h, 'SELECT id, status FROM tracked_questions WHERE report_id = $1 AND email = $2', [reportId, email]);
  expect(row!.status).toBe('active');
  return row!.id;
}

const runsOf = (h: ToolsHarness, id: number) => rows<RunRow>(h, 'SELECT slot, ran_at FROM tracked_runs WHERE tracked_question_id = $1 ORDER BY slot', [id]);

async function nextDue(queue: Queue, id: number): Promise<number> {
  const scheduler = await queue.getJobScheduler(trackingSchedulerId(id));
  expect(scheduler?.next).toBeDefined();
  return Number(scheduler!.next);
}

describe('tracked questions on a fake clock', () => {
  it('a weekly schedule runs at its time, survives a restart of every process without running twice or being skipped, and stops on the stop link', async () => {
    const h = harness();
    const queue = new Queue(TRACKING_QUEUE, { connection: { url: h.env.REDIS_URL } });
    try {
      const reportId = await audit(h, 'best oat milk for coffee', 'weekly@example.com');
      const id = await track(h, reportId, 'weekly@example.com', 'weekly');
      const [{ pattern }] = (await rows<{ pattern: string }>(h, 'SELECT schedule_pattern AS pattern FROM tracked_questions WHERE id = $1', [id])) as [{ pattern: string }];
      const first = await nextDue(queue, id);
      // On the weekday it was confirmed, at its own minute of the day, within the coming week.
      expect(first).toBeGreaterThan(Date.now());
      expect(first - Date.now()).toBeLessThanOrEqual(WEEK_MS);
      const due = new Date(first);
      expect(pattern).toBe(`${due.getUTCMinutes()} ${due.getUTCHours()} * * ${due.getUTCDay()}`);

      // A minute early: nothing runs.
      setFakeClock(clockFile, first - 60_000);
      await sleep(12_000);
      expect(await runsOf(h, id)).toEqual([]);

      // At its time: one run, dated its slot.
      setFakeClock(clockFile, first + 1000);
      const [run] = await until('the first run', () => runsOf(h, id), (list) => list.length === 1);
      expect(run!.slot.getTime()).toBe(first);
      expect(run!.ran_at.getTime() - first).toBeLessThan(60_000);

      // Every process stops (the API and the worker), the week passes, then they start again: the
      // missed run happens once, late, and nothing runs twice.
      await Promise.all(h.workers().map((worker) => h.stopWorker(worker)));
      const api = await h.startApiProcess();
      await api.stop();
      setFakeClock(clockFile, first + WEEK_MS + 3_600_000);
      await sleep(1000);
      expect(await runsOf(h, id)).toHaveLength(1);
      await h.startWorker();
      const second = await until('the second run', () => runsOf(h, id), (list) => list.length === 2);
      expect(second.map((each) => each.slot.getTime() - first)).toEqual([0, WEEK_MS]);
      await sleep(3000);
      expect(await runsOf(h, id)).toHaveLength(2);

      // The third week on time; the report now carries the trend: the audit and three runs.
      setFakeClock(clockFile, first + 2 * WEEK_MS + 1000);
      await until('the third run', () => runsOf(h, id), (list) => list.length === 3);
      const report = await h.http().get(`/api/llm-query/reports/${reportId}`).expect(200);
      const history = (report.body as { history: { ranAt: string; visibility: { answers: number; low: number; high: number } | null; comparisons: unknown[] }[] }).history;
      expect(history).toHaveLength(4);
      expect(history.map((point) => point.visibility?.answers)).toEqual([4, 4, 4, 4]);
      for (const point of history) expect(point.visibility!.low).toBeLessThanOrEqual(point.visibility!.high);
      expect(history[3]!.comparisons.length).toBeGreaterThan(0);

      // The stop link of its emails: the schedule is gone, and a week later nothing more has run.
      const [manage] = await rows<{ manage_token: string }>(h, 'SELECT manage_token FROM tracked_questions WHERE id = $1', [id]);
      await h.http().get(`/api/llm-query/reports/${reportId}/tracking/stop?token=${manage!.manage_token}`).expect(200);
      await h.http().post(`/api/llm-query/reports/${reportId}/tracking/stop?token=${manage!.manage_token}`).set('Accept', 'application/json').expect(200, { stopped: true });
      expect(await queue.getJobScheduler(trackingSchedulerId(id))).toBeUndefined();
      setFakeClock(clockFile, first + 3 * WEEK_MS + 1000);
      await sleep(12_000);
      expect(await runsOf(h, id)).toHaveLength(3);
      expect(await rows(h, 'SELECT status FROM tracked_questions WHERE id = $1', [id])).toEqual([{ status: 'stopped' }]);
    } finally {
      await queue.close();
    }
  }, 240_000);

  it('the ceiling reached mid-day delays tracked runs to the next day and leaves free audits answering', async () => {
    const h = harness();
    const queue = new Queue(TRACKING_QUEUE, { connection: { url: h.env.REDIS_URL } });
    try {
      const reportId = await audit(h, 'quiet dishwasher', 'ceiling@example.com');
      const id = await track(h, reportId, 'ceiling@example.com', 'weekly');
      const due = await nextDue(queue, id);
      // Mid-day on its day, the free tools have used 28 of the day's 60 calls: 30 are tracking's
      // share, so a nine-call run (four engines asked with search and without, then the brand
      // list) does not fit in it.
      setFakeClock(clockFile, due - 1000);
      const dayKey = `tools:model-calls:${new Date(due).toISOString().slice(0, 10)}`;
      await h.redis.set(dayKey, '28');
      setFakeClock(clockFile, due + 1000);
      // Held back, not merely not yet due: the worker took the job and put it back.
      const heldBack = async () => (await queue.getDelayed()).find((job) => job.id?.endsWith(`:${due}`))?.processedOn;
      await until('the run to be held back', heldBack, (processedOn) => processedOn !== undefined);
      expect(await runsOf(h, id)).toEqual([]);
      const [question] = await rows<{ status: string; failures_in_a_row: number }>(h, 'SELECT status, failures_in_a_row FROM tracked_questions WHERE id = $1', [id]);
      expect(question).toEqual({ status: 'active', failures_in_a_row: 0 });

      // A free audit still answers: it may use the whole ceiling.
      await audit(h, 'quiet dishwasher under 500', 'visitor@example.com');
      expect(Number(await h.redis.get(dayKey))).toBe(37);

      // The next UTC day the held-back run goes ahead, stored under its own slot.
      const midnight = Date.UTC(new Date(due).getUTCFullYear(), new Date(due).getUTCMonth(), new Date(due).getUTCDate() + 1);
      setFakeClock(clockFile, midnight + 6 * 3_600_000);
      const [run] = await until('the delayed run', () => runsOf(h, id), (list) => list.length === 1);
      expect(run!.slot.getTime()).toBe(due);
      expect(run!.ran_at.getTime()).toBeGreaterThanOrEqual(midnight);
    } finally {
      await queue.close();
    }
  }, 180_000);

  it('emails only on a significant change, and pauses after three failed runs in a row with the reason for staff', async () => {
    const h = harness();
    const queue = new Queue(TRACKING_QUEUE, { connection: { url: h.env.REDIS_URL } });
    try {
      h.sim.reset();
      // Names that every simulated answer to this question includes one of (the simulator's
      // answers rotate through three variants), given as aliases of one brand: 4 of 4 every run.
      const query = 'quiet dishwasher for a flat';
      const lists = MODEL_PROVIDER_IDS.flatMap((provider) => [0, 1, 2].map((variant) => simulatedAuditBrands(provider, query, variant)));
      const aliases: string[] = [];
      for (const list of lists) if (!list.some((name) => aliases.includes(name))) aliases.push(list[0]!);
      const response = await h
        .http()
        .post('/api/llm-query')
        .send({ query, brand: aliases.join(', '), email: 'change@example.com' })
        .expect(200);
      const reportId = (response.body as { reportId: string }).reportId;
      // As if, when first asked, no engine named the brand.
      await h.db.query(
        `UPDATE llm_queries SET visibility = visibility || '{"mentionedIn": 0, "low": 0, "high": 0.49}'::jsonb
                 || jsonb_build_object('engines', (SELECT jsonb_object_agg(key, value || '{"mentionedIn": 0, "positions": []}'::jsonb) FROM jsonb_each(visibility->'engines')))
          WHERE report_id = $1`,
        [reportId],
      );
      const id = await track(h, reportId, 'change@example.com', 'weekly');
      const emails = () =>
        rows<{ kind: string; payload: { changes: { sentence: string }[]; stopUrl: string } }>(
          h,
          `SELECT kind, payload FROM email_outbox WHERE kind LIKE 'tracking-%' AND kind <> 'tracking-confirm' AND to_address = 'change@example.com' ORDER BY id`,
        );
      const due = await nextDue(queue, id);

      // Run 1: 0 of 4 before, 4 of 4 now: significant (Fisher's exact, p = 2/70 = 0.029), so one email.
      setFakeClock(clockFile, due + 1000);
      await until('the first run', () => runsOf(h, id), (list) => list.length === 1);
      const [change] = await until('the change email', emails, (list) => list.length === 1);
      expect(change!.kind).toBe('tracking-change');
      expect(change!.payload.changes.map((each) => each.sentence)).toContain('up from 0 of 4 to 4 of 4 (significant, p = 0.03)');
      expect(change!.payload.stopUrl).toContain(`/api/llm-query/reports/${reportId}/tracking/stop?token=`);

      // Run 2: no significant change since the run before (the simulator's next variant names the
      // brand in fewer answers, not few enough to be called a change): no email.
      setFakeClock(clockFile, due + WEEK_MS + 1000);
      await until('the second run', () => runsOf(h, id), (list) => list.length === 2);
      await sleep(1000);
      expect(await emails()).toHaveLength(1);
      const [listed] = (await h.http().get('/api/admin/tracked-questions?q=change%40example.com').set('Cookie', await h.adminCookie()).expect(200)).body as {
        lastChange: string;
        runs: number;
      }[];
      expect(listed!.runs).toBe(2);
      expect(listed!.lastChange).toMatch(/^no significant change \(4 of 4, then [1-4] of 4\)$/);

      // Every engine fails from now on: two failed runs leave it active, the third pauses it.
      h.sim.setConfig({ default: { status: 500 } });
      for (const week of [2, 3, 4]) {
        setFakeClock(clockFile, due + week * WEEK_MS + 1000);
        await until(`failed run ${week - 1}`, () => rows<{ failures_in_a_row: number }>(h, 'SELECT failures_in_a_row FROM tracked_questions WHERE id = $1', [id]), ([row]) => row!.failures_in_a_row === week - 1);
      }
      const detail = (await h.http().get(`/api/admin/tracked-questions/${id}`).set('Cookie', await h.adminCookie()).expect(200)).body as {
        status: string;
        statusReason: string;
        history: unknown[];
      };
      expect(detail.status).toBe('paused');
      expect(detail.statusReason).toMatch(/^Paused after 3 failed runs in a row\. Last error: /);
      expect(detail.history).toHaveLength(3);
      expect(await queue.getJobScheduler(trackingSchedulerId(id))).toBeUndefined();
      expect(await runsOf(h, id)).toHaveLength(2);
    } finally {
      h.sim.setConfig({});
      await queue.close();
    }
  }, 240_000);

  it('an address tracks at most three questions, asking again sends nothing new, and bad requests are refused with a sentence', async () => {
    const h = harness();
    const email = 'limit@example.com';
    const reports: string[] = [];
    for (const n of [1, 2, 3, 4]) reports.push(await audit(h, `limit question ${n}`, email));
    for (const reportId of reports.slice(0, 3)) await h.http().post(`/api/llm-query/reports/${reportId}/tracking`).send({ email, cadence: 'monthly' }).expect(202);
    const fourth = await h.http().post(`/api/llm-query/reports/${reports[3]}/tracking`).send({ email: 'LIMIT@example.com', cadence: 'weekly' }).expect(409);
    expect(fourth.body).toEqual({ statusCode: 409, message: TRACKING_LIMIT_MESSAGE, error: 'Conflict' });
    // The same question again: 202, and still one confirmation email each.
    await h.http().post(`/api/llm-query/reports/${reports[0]}/tracking`).send({ email, cadence: 'monthly' }).expect(202);
    expect(await rows(h, `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'tracking-confirm' AND to_address = $1`, [email])).toEqual([{ n: 3 }]);
    expect(await rows(h, `SELECT count(*)::int AS n FROM tracked_questions WHERE email = $1`, [email])).toEqual([{ n: 3 }]);

    const refused = await h.http().post(`/api/llm-query/reports/${reports[3]}/tracking`).send({ email: 'other@example.com', cadence: 'daily' }).expect(400);
    expect((refused.body as { message: string }).message).toBe('cadence must be "weekly" or "monthly".');
    await h.http().post('/api/llm-query/reports/AAAAAAAAAAAAAAAAAAAAAA/tracking').send({ email: 'other@example.com', cadence: 'weekly' }).expect(404);
    const wrongLink = await h.http().get(`/api/llm-query/reports/${reports[3]}/tracking/confirm?token=${'x'.repeat(32)}`).expect(404);
    expect(wrongLink.text).toContain('not valid or was already used');
  }, 120_000);
});

