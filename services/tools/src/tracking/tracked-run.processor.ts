import { setMaxListeners } from 'node:events';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { outboxInsert, type OutboxEntry } from '@agency/server-kit';
import { TRACKING_FAILURES_TO_PAUSE, type TrendPoint } from '@agency/shared';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AuditHandler } from '../audit/audit.handler.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { MODEL_CALLS_KEY_TTL_SECONDS, modelCallsDayKey, modelCallsPerJob, nextUtcMidnight, RESERVE_MODEL_CALLS_SCRIPT } from '../jobs/model-calls.js';
import { blockingConnectionOptions } from '../jobs/redis-connections.js';
import { removeTrackingSchedule, TRACKED_RUN_JOB, trackedRunData, TRACKING_QUEUE } from '../jobs/tracking-jobs.js';
import { workerName } from '../jobs/tool-jobs.js';
import { DeadlineSignal } from '../models/deadline-signal.js';
import { ModelFleet } from '../models/model-fleet.js';
import { SILENT_PROGRESS } from '../worker/progress-reporter.js';
import { TrackedQuestionEntity } from './tracked-question.entity.js';
import { TrackedRunEntity } from './tracked-run.entity.js';
import { trackedTrend } from './tracked-trends.js';
import { trackedReportUrl, trackingStopUrl } from './tracking-tokens.js';

export type TrackedRunOutcome = 'stored' | 'already-stored' | 'not-active' | 'failed' | 'paused';

/** Without a significant change, a summary at most this often (the "monthly summary"). */
const SUMMARY_EVERY_DAYS = 28;
/** Runs held back by the ceiling start again spread over the first hours of the next UTC day. */
const CEILING_SPREAD_MINUTES = 6 * 60;

/**
 * Runs tracked questions on their schedules: each run asks every engine the question AUDIT_RUNS
 * times (the audit's own measurement), stores it as a dated sample, and writes a change email to
 * the outbox only when the trend says the change is significant. Its calls come out of the same
 * daily ceiling as the free tools', up to TRACKING_DAILY_SHARE_PERCENT of it: past that a run
 * waits for the next day instead of failing, and the rest of the day stays for the free tools.
 */
@Injectable()
export class TrackedRunProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('TrackedRuns');
  private worker?: Worker;
  private queue?: Queue;
  private redis?: Redis;

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly dataSource: DataSource,
    private readonly audit: AuditHandler,
    private readonly fleet: ModelFleet,
  ) {}

  onApplicationBootstrap(): void {
    const connection = blockingConnectionOptions(this.config.redisUrl);
    this.queue = new Queue(TRACKING_QUEUE, { connection });
    this.queue.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    const { url, ...options } = connection;
    this.redis = new Redis(url, options);
    this.redis.on('error', () => undefined);
    this.worker = new Worker(TRACKING_QUEUE, (job, token) => this.process(job, token), {
      connection,
      name: workerName(),
      concurrency: this.config.tracking.concurrency,
      // A run asks every engine several times under one deadline: a lock that outlives it.
      lockDuration: this.config.toolDeadlineMs.audit + 30_000,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.redis?.disconnect();
  }

  private async process(job: Job, token?: string): Promise<TrackedRunOutcome> {
    if (job.name !== TRACKED_RUN_JOB) throw new Error(`No handler for job "${job.name}" on the tracking queue`);
    const data = trackedRunData(job.data);
    if (!data) throw new Error(`The tracking job ${String(job.id)} holds no tracked question`);
    const question = await this.load(data.trackedQuestionId);
    if (!question || question.status !== 'active') {
      // Stopped or paused elsewhere (the visitor's link, staff, erasure): the schedule ends here too.
      if (!question || question.status === 'stopped') await removeTrackingSchedule(this.queue!, data.trackedQuestionId);
      return 'not-active';
    }
    const slot = scheduledFor(job);
    if (await this.alreadyStored(question.id, slot)) return 'already-stored';
    if (!(await this.reserveCalls())) {
      const resumeAt = nextUtcMidnight(new Date()).getTime() + ((question.id * 613) % CEILING_SPREAD_MINUTES) * 60_000;
      this.logger.log(`tracked question ${question.id}: the day's model calls for tracking are used up; its run waits until ${new Date(resumeAt).toISOString()}`);
      await job.moveToDelayed(resumeAt, token);
      throw new DelayedError();
    }
    return this.run(question, slot);
  }

  /** One measurement, stored with its slot; failures are counted, and the third in a row pauses the question. */
  async run(question: TrackedQuestionEntity, slot: Date): Promise<TrackedRunOutcome> {
    const deadline = new DeadlineSignal(this.config.toolDeadlineMs.audit);
    setMaxListeners(100, deadline.signal);
    let measured: Awaited<ReturnType<AuditHandler['ask']>>;
    try {
      measured = await this.audit.ask({ query: question.query, brand: question.brand, competitors: question.competitors, website: question.website }, SILENT_PROGRESS, deadline.signal);
    } catch (error) {
      return await this.recordFailure(question, error instanceof Error ? error.message : String(error));
    } finally {
      deadline.dispose();
    }
    const { answer, usage } = measured;
    if (Object.keys(answer.runAnswers).length === 0) {
      const reasons = Object.entries(answer.errors).map(([engine, message]) => `${engine}: ${message}`);
      return this.recordFailure(question, reasons.length > 0 ? reasons.join('; ') : 'No engine gave a complete answer.');
    }
    // The process's clock, not the database's: the sample's date and the schedule's agree.
    const ranAt = new Date();
    return this.dataSource.transaction(async (manager) => {
      // The slot is unique per question: a rerun of the same scheduled job stores nothing.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(TrackedRunEntity)
        .values({
          trackedQuestionId: question.id,
          slot,
          ranAt,
          runs: answer.runs,
          runAnswers: answer.runAnswers,
          visibility: answer.visibility,
          competitorVisibility: answer.competitorVisibility,
          errors: answer.errors,
          usage,
          simulated: this.config.demoMode,
        })
        .orIgnore()
        .returning('id')
        .updateEntity(false)
        .execute();
      const runId = (inserted.raw as { id: number }[])[0]?.id;
      if (runId === undefined) return 'already-stored';
      const latest = (await trackedTrend(manager, question.id)).at(-1);
      const change = latest?.significantChange ?? null;
      const overall = latest?.comparisons.find((each) => each.scope === 'overall' && each.against === 'previous');
      const lastChange = change?.sentence ?? overall?.sentence ?? null;
      const summaryDue = question.lastEmailedAt === null || ranAt.getTime() - question.lastEmailedAt.getTime() >= SUMMARY_EVERY_DAYS * 86_400_000;
      const email = latest && (change || summaryDue) ? this.email(question, runId, latest, change !== null) : null;
      if (email) {
        const statement = outboxInsert(email, 1, this.config.outbox.recipientHourlyLimit);
        await manager.query(statement.sql, statement.parameters);
      }
      await manager.query(
        `UPDATE tracked_questions SET last_run_at = $4, last_change = $2, failures_in_a_row = 0,
                last_emailed_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE last_emailed_at END
          WHERE id = $1`,
        [question.id, lastChange, email !== null, ranAt],
      );
      return 'stored';
    });
  }

  private email(question: TrackedQuestionEntity, runId: number, latest: TrendPoint, changed: boolean): OutboxEntry {
    const site = this.config.publicSiteUrl;
    const changes = latest.comparisons.filter((each) => each.significant).map((each) => ({ scope: each.scope, against: each.against, sentence: each.sentence }));
    return {
      key: `tracking-run:${runId}`,
      kind: changed ? 'tracking-change' : 'tracking-summary',
      to: question.email,
      subject: changed ? 'Your tracked AI search question changed' : 'Your tracked AI search question: no significant change',
      personEmail: question.email,
      payload: {
        question: question.query,
        brand: question.brand,
        mentionedIn: latest.visibility?.mentionedIn ?? null,
        answers: latest.visibility?.answers ?? null,
        changes,
        reportUrl: trackedReportUrl(site, question.reportId),
        stopUrl: trackingStopUrl(site, question.reportId, question.manageToken),
        simulated: this.config.demoMode,
      },
      // At most one per scheduled run, so the schedule itself bounds them.
      limited: false,
    };
  }

  private async recordFailure(question: TrackedQuestionEntity, reason: string): Promise<TrackedRunOutcome> {
    const failures = question.failuresInARow + 1;
    const pause = failures >= TRACKING_FAILURES_TO_PAUSE;
    const why = `Paused after ${failures} failed runs in a row. Last error: ${reason}`.slice(0, 2000);
    await this.dataSource.query(
      `UPDATE tracked_questions SET failures_in_a_row = $2,
              status = CASE WHEN $3::boolean THEN 'paused' ELSE status END,
              status_reason = CASE WHEN $3::boolean THEN $4 ELSE status_reason END
        WHERE id = $1`,
      [question.id, failures, pause, why],
    );
    this.logger.warn(`tracked question ${question.id}: run failed (${failures} in a row): ${reason}`);
    if (!pause) return 'failed';
    await removeTrackingSchedule(this.queue!, question.id);
    return 'paused';
  }

  private async load(id: number): Promise<TrackedQuestionEntity | null> {
    // The manage token is kept out of ordinary reads; the emails' stop link needs it.
    return this.dataSource.getRepository(TrackedQuestionEntity).createQueryBuilder('question').addSelect('question.manageToken').where('question.id = :id', { id }).getOne();
  }

  private async alreadyStored(id: number, slot: Date): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>('SELECT 1 FROM tracked_runs WHERE tracked_question_id = $1 AND slot = $2', [id, slot]);
    return rows.length > 0;
  }

  /** Takes this run's calls from today's shared counter, up to tracking's share of the ceiling. */
  private async reserveCalls(): Promise<boolean> {
    const calls = modelCallsPerJob('audit', this.fleet.configuredCount, this.config);
    if (calls === 0) return true;
    const limit = Math.floor((this.config.dailyModelCalls * this.config.tracking.dailySharePercent) / 100);
    const taken = await this.redis!.eval(RESERVE_MODEL_CALLS_SCRIPT, 1, modelCallsDayKey(new Date()), calls, limit, MODEL_CALLS_KEY_TTL_SECONDS);
    return taken === 1;
  }
}

/**
 * The time a scheduled job was meant for: its scheduler names each iteration's job by it
 * ("repeat:<scheduler>:<millis>"), so every retry or takeover of one run sees the same slot.
 */
export function scheduledFor(job: Pick<Job, 'id' | 'timestamp' | 'delay'>): Date {
  const millis = Number(String(job.id).split(':').at(-1));
  return new Date(Number.isSafeInteger(millis) && millis > 0 ? millis : job.timestamp + (job.delay ?? 0));
}

