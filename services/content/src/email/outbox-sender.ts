import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OUTBOX_QUEUE } from '@agency/server-kit';
import { type Job, Queue, Worker } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { unsubscribeUrl } from '../subscribers/unsubscribe-token.js';
import { renderEmail } from './email-templates.js';
import { deliverWebhook, WebhookRefused } from './lead-webhook.js';
import { ToolsClient } from '../tools-client/tools-client.js';
import { writeHourlyDigest } from './staff-digest.js';

/** Send attempts inside one job (with exponential backoff) before the row waits for the sweeper. */
const JOB_ATTEMPTS = 4;
/** After this many attempts in all, a row that never went out is marked failed. */
const MAX_ATTEMPTS = 40;
const SWEEP_BATCH = 500;
const PENDING_SIGN_UP_DAYS = 7;

interface OutboxRow {
  id: string;
  idempotency_key: string;
  kind: string;
  channel: 'email' | 'webhook';
  to_address: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

type Outcome = { result: 'sent' | 'skipped' | 'failed' } | { result: 'retry'; error: string };

/** An SMTP answer that retrying cannot change (a bounce at SMTP time). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends what the outbox holds. Writers commit a row with the record that causes it; this queue's
 * jobs (one per row, the row's id as job id) send it and mark it sent, and a scheduled sweep
 * enqueues any row still due (a crash between commit and enqueue, a retry after a long outage).
 * Each row is sent under its row lock, so two senders never send one row; the Message-ID is
 * stable per row, so the rare resend after a crash between SMTP's answer and the commit is
 * recognisable as the same message.
 */
@Injectable()
export class OutboxSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private queue?: Queue;
  private worker?: Worker;
  private transport?: Transporter;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tools: ToolsClient,
  ) {}

  /** Whether this process sends (SMTP configured); rows are written either way. */
  get sending(): boolean {
    return this.config.mail.smtpUrl !== null;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new Queue(OUTBOX_QUEUE, { connection: { url: this.config.redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1 } });
    this.queue.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    if (!this.sending) return;
    const smtp = new URL(this.config.mail.smtpUrl!);
    this.transport = nodemailer.createTransport({
      url: smtp.toString(),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    this.worker = new Worker(OUTBOX_QUEUE, (job) => this.process(job), {
      connection: { url: this.config.redisUrl, maxRetriesPerRequest: null },
      concurrency: 4,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    await this.queue
      .upsertJobScheduler('outbox-sweep', { every: this.config.mail.sweepSeconds * 1000 }, { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: true } })
      .catch((error: unknown) => this.logger.warn(`the sweep could not be scheduled: ${errorText(error)}`));
    await this.requestSweep();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.transport?.close();
  }

  /** After the writer's commit: a lost enqueue costs only the wait for the next sweep. */
  enqueue(ids: readonly number[]): void {
    for (const id of ids) {
      this.queue
        ?.add('send', { id }, this.sendJobOptions(id))
        .catch((error: unknown) => this.logger.warn(`email ${id} waits for the sweep: ${errorText(error)}`));
    }
  }

  async requestSweep(): Promise<void> {
    await this.queue?.add('sweep', {}, { removeOnComplete: true, removeOnFail: true }).catch(() => undefined);
  }

  /** Puts a failed or waiting row back in the queue now (the admin's retry). */
  async retry(id: number): Promise<boolean> {
    const rows = await this.dataSource.query<[unknown[], number]>(
      `UPDATE email_outbox SET status = 'queued', next_attempt_at = now(), attempts = 0 WHERE id = $1 AND status <> 'sent' RETURNING id`,
      [id],
    );
    if (rows[1] === 0) return false;
    const job = await this.queue?.getJob(`email-${id}`);
    if (job && (await job.isFailed())) await job.remove();
    this.enqueue([id]);
    return true;
  }

  private sendJobOptions(id: number) {
    return {
      jobId: `email-${id}`,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential' as const, delay: this.config.mail.retryDelayMs },
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  private async process(job: Job): Promise<void> {
    if (job.name === 'sweep') return this.sweep();
    const outcome = await this.deliver(Number((job.data as { id: number }).id));
    if (outcome.result === 'retry') throw new Error(outcome.error);
  }

  private async sweep(): Promise<void> {
    const due = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM email_outbox WHERE status = 'queued' AND next_attempt_at <= now() ORDER BY id LIMIT ${SWEEP_BATCH}`,
    );
    for (const { id } of due) await this.queue!.add('send', { id: Number(id) }, this.sendJobOptions(Number(id)));
    await this.dataSource.query(
      `DELETE FROM marketing_subscribers WHERE status = 'pending' AND consent_at < now() - make_interval(days => ${PENDING_SIGN_UP_DAYS})`,
    );
    if (this.config.mail.staffAlerts === 'hourly' && this.config.mail.staffNotifyEmail) {
      let ids: number[] = [];
      try {
        ids = await writeHourlyDigest(this.dataSource, this.tools, this.config.mail.staffNotifyEmail, new Date());
      } catch (error) {
        // Written by a later sweep, with the tool leads the tools service could not give now.
        this.logger.warn(`hourly digest not written yet: ${error instanceof Error ? error.message : String(error)}`);
      }
      for (const id of ids) await this.queue!.add('send', { id }, this.sendJobOptions(id));
    }
  }

  /** Sends one row under its lock and records the outcome in the same transaction. */
  private deliver(id: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<OutboxRow[]>(
        `SELECT id, idempotency_key, kind, channel, to_address, payload, attempts, created_at
           FROM email_outbox WHERE id = $1 AND status = 'queued' FOR UPDATE SKIP LOCKED`,
        [id],
      );
      if (!row) return { result: 'skipped' };
      try {
        if (row.channel === 'webhook') await deliverWebhook(row, this.config.mail.leadWebhookSecret ?? '', this.config.environment === 'test');
        else await this.sendEmail(row);
        await manager.query(`UPDATE email_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, error = NULL WHERE id = $1`, [id]);
        return { result: 'sent' };
      } catch (error) {
        const attempts = row.attempts + 1;
        if (isPermanent(error) || error instanceof WebhookRefused || attempts >= MAX_ATTEMPTS) {
          const reason = isPermanent(error) ? `Bounced: ${errorText(error)}` : errorText(error);
          await manager.query(`UPDATE email_outbox SET status = 'failed', attempts = $2, error = $3 WHERE id = $1`, [id, attempts, reason]);
          this.logger.warn(`email ${id} failed: ${reason}`);
          return { result: 'failed' };
        }
        // Later attempts wait longer: at most an hour between two sweeps' retries.
        const waitSeconds = Math.min(3600, 30 * 2 ** Math.min(attempts, 7));
        await manager.query(
          `UPDATE email_outbox SET attempts = $2, error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
          [id, attempts, errorText(error), waitSeconds],
        );
        return { result: 'retry', error: errorText(error) };
      }
    });
  }

  private async sendEmail(row: OutboxRow): Promise<void> {
    const unsubscribe = unsubscribeUrl(this.config, row.to_address);
    const email = renderEmail(row.kind, row.payload, { brandName: this.config.mail.brandName, siteUrl: this.config.publicSiteUrl, unsubscribeUrl: unsubscribe });
    const domain = /@([^>\s]+)>?\s*$/.exec(this.config.mail.from)?.[1] ?? 'localhost';
    const headers: Record<string, string> = { 'X-Outbox-Key': row.idempotency_key.replace(/[^\w:.@-]/g, '') };
    if (email.unsubscribable) {
      headers['List-Unsubscribe'] = `<${unsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    await this.transport!.sendMail({
      from: this.config.mail.from,
      to: row.to_address,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<outbox-${row.id}.${row.created_at.getTime()}@${domain}>`,
      headers,
    });
  }
}
