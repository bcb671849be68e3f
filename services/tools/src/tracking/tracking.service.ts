import { ConflictException, Inject, Injectable, Logger, NotFoundException, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { confirmationTokenHash, containsPattern, newConfirmationToken, outboxInsert, type ListPage, type OutboxEntry } from '@agency/server-kit';
import {
  auditReportUrl,
  TRACKING_LIMIT_MESSAGE,
  type TrackedQuestionDetail,
  type TrackedQuestionRecord,
  type TrackingCadence,
  type TrackingStatus,
} from '@agency/shared';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { AuditReports } from '../audit/audit-reports.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { withinMs } from '../jobs/redis-connections.js';
import { removeTrackingSchedule, TRACKING_QUEUE, trackingSchedulePattern, upsertTrackingSchedule } from '../jobs/tracking-jobs.js';
import { QueueConnection } from '../queue/queue-connection.js';
import type { TrackedQuestionListQuery } from './tracking.dto.js';
import { trackedTrend } from './tracked-trends.js';
import { newManageToken, trackedReportUrl, trackingConfirmUrl } from './tracking-tokens.js';

interface TrackedRow {
  id: number;
  report_id: string;
  query: string;
  brand: string | null;
  email: string;
  cadence: TrackingCadence;
  status: TrackingStatus;
  status_reason: string | null;
  last_run_at: Date | null;
  last_change: string | null;
  created_at: Date;
  runs: string;
}

const RECORD_COLUMNS = `tracked.id, tracked.report_id, tracked.query, tracked.brand, tracked.email, tracked.cadence, tracked.status,
  tracked.status_reason, tracked.last_run_at, tracked.last_change, tracked.created_at,
  (SELECT count(*) FROM tracked_runs run WHERE run.tracked_question_id = tracked.id) AS runs`;

function toRecord(row: TrackedRow): TrackedQuestionRecord {
  return {
    id: row.id,
    question: row.query,
    brand: row.brand,
    email: row.email,
    cadence: row.cadence,
    status: row.status,
    statusReason: row.status_reason,
    ...(row.last_run_at ? { lastRunAt: row.last_run_at.toISOString() } : {}),
    ...(row.last_change ? { lastChange: row.last_change } : {}),
    reportId: row.report_id,
    reportUrl: auditReportUrl(row.report_id),
    runs: Number(row.runs),
    createdAt: row.created_at.toISOString(),
  };
}

/** Days a confirmation link works; an unconfirmed request holds no place after them. */
const CONFIRMATION_DAYS = 7;
/** Tracked questions that hold one of an address's places (TRACKING_MAX_PER_EMAIL). */
const HOLDS_A_PLACE = `(status IN ('active', 'paused') OR (status = 'pending' AND created_at > now() - make_interval(days => ${CONFIRMATION_DAYS})))`;

/**
 * The tools API's side of tracked questions: a visitor asks to track a report's question, confirms
 * by email (double opt-in), and may stop it from any tracking email; staff list, pause, resume and
 * stop them. Schedules live in BullMQ (job schedulers); the workers run them.
 */
@Injectable()
export class TrackingService implements OnApplicationShutdown {
  private readonly logger = new Logger('Tracking');
  private readonly queue: Queue;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly reports: AuditReports,
    connection: QueueConnection,
  ) {
    this.queue = new Queue(TRACKING_QUEUE, { connection: connection.redis });
    this.queue.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await withinMs(this.queue.close(), 3000);
  }

  /**
   * Stores a pending tracked question and its confirmation email in one transaction. Asking again
   * for a question the address already tracks (or has not confirmed yet) changes nothing.
   */
  async request(reportId: string, email: string, cadence: TrackingCadence): Promise<void> {
    const report = await this.reports.find(reportId);
    const address = email.toLowerCase();
    await this.dataSource.transaction(async (manager) => {
      // One address's requests one after another, so two at once cannot both take its last place.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tracking:${address}`]);
      const held = await manager.query<{ report_id: string }[]>(
        `SELECT report_id FROM tracked_questions WHERE lower(email) = $1 AND ${HOLDS_A_PLACE}`,
        [address],
      );
      if (held.some((row) => row.report_id === reportId)) return;
      if (held.length >= this.config.tracking.maxPerEmail) throw new ConflictException(TRACKING_LIMIT_MESSAGE);
      const confirmation = newConfirmationToken();
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO tracked_questions (report_id, query, brand, website, competitors, email, cadence, status, confirmation_token_hash, manage_token)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) RETURNING id`,
        [reportId, report.query, report.brand, report.website ?? null, JSON.stringify(report.competitors ?? []), address, cadence, confirmation.hash, newManageToken()],
      );
      const site = this.config.publicSiteUrl;
      const entry: OutboxEntry = {
        key: `tracking-confirm:${row!.id}`,
        kind: 'tracking-confirm',
        to: address,
        subject: 'Confirm tracking your AI search question',
        personEmail: address,
        payload: {
          question: report.query,
          brand: report.brand,
          cadence,
          confirmUrl: trackingConfirmUrl(site, reportId, confirmation.token),
          reportUrl: trackedReportUrl(site, reportId),
        },
        // Bounded by TRACKING_MAX_PER_EMAIL and sent once per question: the visitor who just ran
        // several audits (each emailing its report) must still get the link they asked for.
        limited: false,
      };
      const statement = outboxInsert(entry, 1, this.config.outbox.recipientHourlyLimit);
      await manager.query(statement.sql, statement.parameters);
    });
  }

  /**
   * The confirmation link: the question becomes active and its schedule starts. The schedule is
   * written before the commit, so a confirmed question always has one (a failure leaves it pending
   * and the link still works). Answers the question, or null for an unknown or used link.
   */
  async confirm(reportId: string, token: string): Promise<{ question: string; cadence: TrackingCadence } | null> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ id: number; query: string; cadence: TrackingCadence }[]>(
        `SELECT id, query, cadence FROM tracked_questions
          WHERE report_id = $1 AND confirmation_token_hash = $2 AND status = 'pending'
            AND created_at > now() - make_interval(days => ${CONFIRMATION_DAYS}) FOR UPDATE`,
        [reportId, confirmationTokenHash(token)],
      );
      if (!row) return null;
      const confirmedAt = new Date();
      const pattern = trackingSchedulePattern(row.id, row.cadence, confirmedAt);
      await manager.query(
        `UPDATE tracked_questions SET status = 'active', confirmed_at = $2, confirmation_token_hash = NULL, schedule_pattern = $3 WHERE id = $1`,
        [row.id, confirmedAt, pattern],
      );
      await upsertTrackingSchedule(this.queue, row.id, pattern);
      this.logger.log(`tracked question ${row.id} confirmed: runs at "${pattern}" (UTC)`);
      return { question: row.query, cadence: row.cadence };
    });
  }

  /** The stop link of every tracking email: the schedule ends. Answers the question, or null for an unknown link. */
  async stopByLink(reportId: string, token: string): Promise<{ question: string } | null> {
    const rows = await this.dataSource.query<{ id: number; query: string; status: TrackingStatus }[]>(
      `SELECT id, query, status FROM tracked_questions WHERE report_id = $1 AND manage_token = $2`,
      [reportId, token],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.status !== 'stopped') await this.setStatus(row.id, 'stopped', 'Stopped by the visitor from a tracking email.');
    return { question: row.query };
  }

  async listPage(query: TrackedQuestionListQuery): Promise<ListPage<TrackedQuestionRecord>> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (query.q) {
      parameters.push(containsPattern(query.q));
      conditions.push(`(tracked.query ILIKE $${parameters.length} OR tracked.brand ILIKE $${parameters.length} OR tracked.email ILIKE $${parameters.length})`);
    }
    if (query.status) {
      parameters.push(query.status);
      conditions.push(`tracked.status = $${parameters.length}`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [count] = await this.dataSource.query<{ total: string }[]>(`SELECT count(*) AS total FROM tracked_questions tracked ${where}`, parameters);
    const rows = await this.dataSource.query<TrackedRow[]>(
      `SELECT ${RECORD_COLUMNS} FROM tracked_questions tracked ${where}
        ORDER BY tracked.last_run_at DESC NULLS LAST, tracked.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
      parameters,
    );
    return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }

  async detail(id: number): Promise<TrackedQuestionDetail> {
    const rows = await this.dataSource.query<TrackedRow[]>(`SELECT ${RECORD_COLUMNS} FROM tracked_questions tracked WHERE tracked.id = $1`, [id]);
    if (!rows[0]) throw new NotFoundException('Tracked question not found.');
    return { ...toRecord(rows[0]), history: await trackedTrend(this.dataSource, id) };
  }

  /** Staff pause, resume or stop one. A question never confirmed cannot be started by staff: the visitor has not agreed. */
  async changeStatus(id: number, status: Exclude<TrackingStatus, 'pending'>): Promise<TrackedQuestionDetail> {
    const rows = await this.dataSource.query<{ status: TrackingStatus; confirmed_at: Date | null }[]>(
      'SELECT status, confirmed_at FROM tracked_questions WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Tracked question not found.');
    if (status === 'active' && (row.confirmed_at === null || row.status === 'stopped')) {
      throw new ConflictException(row.status === 'stopped' ? 'A stopped question cannot be resumed; the visitor can track it again.' : 'The visitor has not confirmed this question yet.');
    }
    const reasons: Record<typeof status, string | null> = { active: null, paused: 'Paused by staff.', stopped: 'Stopped by staff.' };
    await this.setStatus(id, status, reasons[status]);
    return this.detail(id);
  }

  private async setStatus(id: number, status: Exclude<TrackingStatus, 'pending'>, reason: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ schedule_pattern: string | null }[]>(
        `UPDATE tracked_questions SET status = $2::varchar, status_reason = $3, failures_in_a_row = CASE WHEN $2::varchar = 'active' THEN 0 ELSE failures_in_a_row END
          WHERE id = $1 RETURNING schedule_pattern`,
        [id, status, reason],
      );
      if (status === 'active' && row?.schedule_pattern) await upsertTrackingSchedule(this.queue, id, row.schedule_pattern);
      else await removeTrackingSchedule(this.queue, id);
    });
  }
}
