import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ErasureReceipt } from '@agency/shared';
import type { SqlRunner } from '@agency/server-kit';
import { DataSource } from 'typeorm';
import { AdminActivityService } from '../activity/admin-activity.service.js';
import { QueuedJobAddresses } from './queued-job-addresses.js';

/**
 * Every table that holds a person's email address, with the rows erasure deletes. The tools
 * service owns llm_queries, query_fan_out_requests and image_analyses, but all services use the same database
 * (docs/architecture.md, "Erasure"), so one transaction here deletes everything or nothing. A
 * table the tools service has not created yet (its migrations not run) holds no one's data.
 */
const PERSONAL_TABLES = {
  contactMessages: 'contact_messages',
  auditRecords: 'llm_queries',
  fanOutRecords: 'query_fan_out_requests',
  imageAnalyses: 'image_analyses',
} as const;

@Injectable()
export class PersonErasureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: AdminActivityService,
    private readonly queuedJobs: QueuedJobAddresses,
  ) {}

  /**
   * Deletes every contact message, audit, fan-out record and image analysis, and the subscriber row, of the address
   * (case-insensitively), and logs the erasure in the same transaction: the log holds the counts
   * and the session, never the address. Then the tools queue's jobs forget the address.
   */
  async erase(email: string, session: string): Promise<ErasureReceipt> {
    const receipt = await this.dataSource.transaction(async (manager) => {
      const counts = { contactMessages: 0, auditRecords: 0, fanOutRecords: 0, imageAnalyses: 0 };
      for (const [field, table] of Object.entries(PERSONAL_TABLES) as [keyof typeof counts, string][]) {
        counts[field] = await deleteByEmail(manager, table, email);
      }
      // Tracked questions (their runs go with them); a tools worker ends each schedule when it next comes due.
      await deleteByEmail(manager, 'tracked_questions', email);
      const subscriber = (await deleteRows(manager, 'DELETE FROM marketing_subscribers WHERE email = lower($1)', [email])) > 0;
      // The outbox: emails to the address, about it (staff alerts, webhook deliveries) and hourly digests listing it.
      await manager.query(
        `DELETE FROM email_outbox
          WHERE lower(to_address) = lower($1) OR lower(person_email) = lower($1)
             OR (kind = 'staff-digest' AND EXISTS (SELECT 1 FROM jsonb_array_elements(payload->'leads') lead WHERE lower(lead->>'email') = lower($1)))`,
        [email],
      );
      const receipt: ErasureReceipt = { ...counts, subscriber };
      await this.activity.record(manager, session, 'person.erase', describeErasure(receipt));
      return receipt;
    });
    await this.queuedJobs.remove(email);
    return receipt;
  }
}

async function deleteByEmail(db: SqlRunner, table: string, email: string): Promise<number> {
  const [exists] = (await db.query('SELECT to_regclass($1) IS NOT NULL AS exists', [table])) as { exists: boolean }[];
  if (!exists?.exists) return 0;
  return deleteRows(db, `DELETE FROM ${table} WHERE lower(email) = lower($1)`, [email]);
}

/** node-postgres through TypeORM answers a DELETE as [rows, affected]. */
async function deleteRows(db: SqlRunner, sql: string, parameters: unknown[]): Promise<number> {
  const result = await db.query(sql, parameters);
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/** The log's sentence: what was removed, in counts. */
export function describeErasure(receipt: ErasureReceipt): string {
  return (
    `Erased a person's data: ${plural(receipt.contactMessages, 'contact message', 'contact messages')}, ` +
    `${plural(receipt.auditRecords, 'audit', 'audits')}, ${plural(receipt.fanOutRecords, 'fan-out request', 'fan-out requests')}, ` +
    `${plural(receipt.imageAnalyses, 'image analysis', 'image analyses')} ` +
    `and ${receipt.subscriber ? 'their subscriber row' : 'no subscriber row'}`
  );
}
