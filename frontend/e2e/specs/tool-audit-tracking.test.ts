import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { e2eSql } from '../support/e2e-database.js';
import { e2eStack } from '../support/e2e-env.js';
import { expectToast, openTab, record, signIn } from '../support/admin-console.js';
import { resetSim } from '../support/model-sim-control.js';
import { newContext, openPage, site } from '../support/site.js';
import { toastText } from '../support/toasts.js';

/**
 * "Track this question" in real Chromium through the gateway, in demo mode: a visitor tracks a
 * report's question and confirms from the email; three scheduled runs (put on the tracking queue
 * as its scheduler would, dated a week apart) later, the report shows the trend.
 */
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

interface QueueLike {
  add(name: string, data: unknown, options: { jobId: string }): Promise<unknown>;
  close(): Promise<void>;
}

/** Puts one scheduled run on the stack's tracking queue, named as BullMQ's scheduler names its iterations. */
async function scheduledRun(trackedQuestionId: number, slot: number): Promise<void> {
  // bullmq is the tools service's; imported by name so this package needs no types for it.
  const moduleName = 'bullmq';
  const { Queue } = (await import(moduleName)) as { Queue: new (name: string, options: { connection: { url: string } }) => QueueLike };
  const queue = new Queue('tracking', { connection: { url: e2eStack.redisUrl } });
  try {
    await queue.add('tracked-run', { trackedQuestionId }, { jobId: `repeat:tracked-question-${trackedQuestionId}:${slot}` });
  } finally {
    await queue.close();
  }
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const EMAIL = 'e2e-tracker@example.com';

void describe('Track this question', () => {
  void test('a tracked question with three simulated runs shows the chart, the intervals and whether anything changed significantly', async () => {
    await resetSim();
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/ai-search-audit');
    await page.getByRole('textbox', { name: 'Your question' }).fill('best oat milk for coffee');
    await page.getByRole('textbox', { name: 'Brand' }).fill('Quillon');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await toastText(page, 'Analysis Complete');
    await page.waitForURL((url) => /^\/ai-search-audit\/report\/[A-Za-z0-9_-]{22}$/.test(url.pathname));
    const reportPath = new URL(page.url()).pathname;
    const reportId = reportPath.split('/').at(-1)!;

    // No trend before any run; the visitor asks for weekly tracking.
    assert.equal(await page.locator('.audit-trend').count(), 0);
    const form = page.locator('form.audit-track');
    await form.getByRole('radio', { name: 'Every week' }).check();
    await form.getByRole('textbox', { name: 'Send the updates to' }).fill(EMAIL);
    await form.getByRole('button', { name: 'Track this question' }).click();
    await toastText(page, 'Check Your Inbox');

    // The confirmation email's link (double opt-in) starts the schedule.
    const [confirmation] = await until(
      'the confirmation email',
      () => e2eSql(`SELECT payload FROM email_outbox WHERE kind = 'tracking-confirm' AND to_address = $1`, [EMAIL]),
      (rows) => rows.length === 1,
    );
    const confirmUrl = new URL((confirmation!.payload as { confirmUrl: string }).confirmUrl);
    const confirmPage = await context.newPage();
    await confirmPage.goto(site(`${confirmUrl.pathname}${confirmUrl.search}`));
    assert.match(await confirmPage.locator('h1').innerText(), /Tracking confirmed/);
    const [tracked] = await e2eSql(`SELECT id, status FROM tracked_questions WHERE report_id = $1`, [reportId]);
    assert.equal(tracked!.status, 'active');

    // Three weekly runs against the simulator.
    const id = Number(tracked!.id);
    const week = 7 * 86_400_000;
    const start = Date.now();
    for (const n of [1, 2, 3]) {
      await scheduledRun(id, start + n * week);
      await until(`run ${n}`, () => e2eSql('SELECT count(*)::int AS runs FROM tracked_runs WHERE tracked_question_id = $1', [id]), ([row]) => row!.runs === n);
    }

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    const trend = page.locator('.audit-trend');
    await trend.waitFor();
    // The chart is drawn (its chunk loaded on demand).
    await trend.locator('.audit-trend-chart canvas').waitFor();
    // The original audit and three runs, each with its 95% interval: five simulated engines
    // (Perplexity among them) answer three times each.
    const rows = trend.locator('.audit-trend-table tbody tr');
    assert.equal(await rows.count(), 4);
    for (const row of await rows.all()) assert.match(await row.locator('td').first().innerText(), /^\d+ of 15 \(\d+%–\d+%\)$/);
    // Whether it changed is said in words: a significant change with its p-value, or none.
    const headline = await trend.locator('.audit-trend-headline').innerText();
    assert.match(headline, /^(No significant change|.+: (up|down) from \d+ of 15 to \d+ of 15 \(significant, p [=<] [\d.]+\))$/);
    assert.match(await trend.locator('.audit-trend-changes').first().innerText(), /Against the previous run\s+All engines: (no significant change|(up|down) from)/);
    // The same data as CSV.
    const csv = await (await fetch(site(`/api/llm-query/reports/${reportId}/tracking/trend.csv`))).text();
    assert.match(csv, /"ran_at","scope","mentioned_in","answers","rate_percent","low_95_percent","high_95_percent"/);
    assert.equal(csv.trim().split('\r\n').filter((line) => line.includes(',"overall",')).length, 4);
    assert.deepEqual(errors, []);
    await context.close();

    // Staff see it among the tracked questions, with its runs and last change, and can pause it.
    const staff = await newContext(browser);
    const { page: admin, errors: adminErrors } = await signIn(staff);
    const panel = await openTab(admin, 'Tracked Questions');
    const card = record(panel, 'best oat milk for coffee');
    await card.waitFor();
    assert.match(await card.innerText(), /Weekly[\s\S]*3[\s\S]*(no significant change|significant)/);
    await card.getByRole('button', { name: 'Pause: best oat milk for coffee' }).click();
    await expectToast(admin, 'Success', 'Tracking paused.');
    await card.getByText('Paused', { exact: true }).waitFor();
    const [paused] = await e2eSql('SELECT status FROM tracked_questions WHERE id = $1', [id]);
    assert.equal(paused!.status, 'paused');
    assert.deepEqual(adminErrors, []);
    await staff.close();
  });
});
