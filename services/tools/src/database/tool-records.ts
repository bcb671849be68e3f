import { insertWithFormSignUp, leadWebhook, type OutboxEntry, type OutboxSettings } from '@agency/server-kit';
import type { DataSource, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { AnyToolDefinition } from '../tools/tool-definition.js';

/** One finished run to store: the record's columns, and what its emails say. */
export interface ToolRun<Row extends ObjectLiteral> {
  jobId: string;
  email: string;
  /** The record's columns (the job id is added). */
  values: QueryDeepPartialEntity<Row>;
  /** What the staff alert and the CRM webhook quote as the lead's question ('' for none). */
  question: string;
  /** The visitor's own email, when the tool sends one. */
  visitorEmail?: Omit<OutboxEntry, 'key' | 'to' | 'personEmail' | 'limited'>;
  /** The id of a record this run replaces (its columns are updated instead of a new record inserted). */
  replacing?: number;
}

type AnyTool<Row extends ObjectLiteral> = AnyToolDefinition<Row>;

/**
 * What the workers store, through the tools' entities (the admin reads the same ones). A run's
 * record, its marketing-subscriber row and its outbox rows are written by one statement (atomic,
 * and one round trip instead of a transaction's four); the job id makes a rerun of the same job
 * (BullMQ is at-least-once) store nothing twice.
 */
export class ToolRecords {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emails: ToolEmailSettings = { outbox: null, publicSiteUrl: '' },
  ) {}

  get publicSiteUrl(): string {
    return this.emails.publicSiteUrl;
  }

  async store<Row extends ObjectLiteral>(tool: AnyTool<Row>, run: ToolRun<Row>): Promise<void> {
    const values = { ...run.values, jobId: run.jobId } as QueryDeepPartialEntity<Row>;
    const statement =
      run.replacing === undefined
        ? this.dataSource.createQueryBuilder().insert().into(tool.record.entity).values(values).orIgnore().updateEntity(false)
        : this.dataSource.createQueryBuilder().update(tool.record.entity).set(values).where('id = :id', { id: run.replacing }).updateEntity(false);
    const [sql, parameters] = statement.getQueryAndParameters();
    await insertWithFormSignUp(this.dataSource, sql, parameters, run.email, tool.subscriberSource, this.outboxFor(tool, run));
  }

  /** The record a job stored (by this run or an earlier attempt of the same job). */
  async storedBy<Row extends ObjectLiteral>(tool: AnyTool<Row>, jobId: string): Promise<Row> {
    return this.dataSource
      .getRepository(tool.record.entity)
      .createQueryBuilder('record')
      .where('record.job_id = :jobId', { jobId })
      .getOneOrFail();
  }

  /** The tool's records, for a handler's own reads before it stores (Semantic Expansion's retry). */
  recordsOf<Row extends ObjectLiteral>(tool: AnyTool<Row>) {
    return this.dataSource.getRepository(tool.record.entity);
  }

  /**
   * A stored run's outbox rows: the staff alert (unless staff read an hourly digest), the CRM
   * webhook, and the visitor's own email when the tool has one. Keys carry the job id, so a
   * rerun of the job writes nothing twice.
   */
  private outboxFor(tool: AnyTool<ObjectLiteral>, { jobId, email, question, visitorEmail }: ToolRun<ObjectLiteral>) {
    const settings = this.emails.outbox;
    if (!settings) return undefined;
    const entries: OutboxEntry[] = [];
    const lead = { tool: tool.name, toolTitle: tool.title, email, question };
    if (settings.staffNotifyEmail && settings.staffAlerts === 'instant') {
      entries.push({
        key: `${tool.name}:${jobId}:staff`,
        kind: 'staff-tool-lead',
        to: settings.staffNotifyEmail,
        subject: `New ${tool.title} lead`,
        personEmail: email,
        payload: lead,
        limited: false,
      });
    }
    if (visitorEmail) entries.push({ ...visitorEmail, key: `${tool.name}:${jobId}:visitor`, to: email.toLowerCase(), personEmail: email, limited: true });
    if (settings.leadWebhookUrl) entries.push(leadWebhook(settings.leadWebhookUrl, `${tool.name}:${jobId}`, tool.webhookKind ?? tool.name, email, { question, createdAt: new Date().toISOString() }));
    return { entries, recipientHourlyLimit: settings.recipientHourlyLimit };
  }
}

export interface ToolEmailSettings {
  /** Null: stored runs write no outbox rows (the tests of storage alone). */
  outbox: OutboxSettings | null;
  publicSiteUrl: string;
}
