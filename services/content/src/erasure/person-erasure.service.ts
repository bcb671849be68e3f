import { HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ErasureReceipt, ToolErasure } from '@agency/shared';
import type { SqlRunner } from '@agency/server-kit';
import { DataSource } from 'typeorm';
import { AdminActivityService } from '../activity/admin-activity.service.js';
import { ToolsClient } from '../tools-client/tools-client.js';
import { QueuedJobAddresses } from './queued-job-addresses.js';

export const CONTENT_PART_FAILED =
  "The person's tool records were erased, but this service's part (contact messages, sign-up, emails) was not. Please erase again to finish.";

/**
 * "Erase person" across both services, each deleting its own tables. The tools service goes first:
 * if it cannot erase, nothing is deleted here and the admin reads why. Only once it has answered
 * does this service delete its own rows and log the erasure (in one transaction), so the log
 * never claims more than was done. A failure between the two leaves the tool records gone and
 * this service's rows in place; that is logged too, and erasing again finishes the job.
 */
@Injectable()
export class PersonErasureService {
  private readonly logger = new Logger('PersonErasure');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: AdminActivityService,
    private readonly queuedJobs: QueuedJobAddresses,
    private readonly tools: ToolsClient,
  ) {}

  /**
   * Deletes every record of the address (case-insensitively): the tool records (through the tools
   * service), then the contact messages, the subscriber row and the emails to or about it, logging
   * the counts and the session, never the address. Then the tools queue's jobs forget the address.
   */
  async erase(email: string, session: string, cookie: string): Promise<ErasureReceipt> {
    let tools: ToolErasure;
    try {
      tools = await this.tools.erasePerson(email, cookie);
    } catch (error) {
      await this.log(session, 'person.erase-refused', `Nothing erased: the tools service did not erase (${error instanceof HttpException ? error.getStatus() : 'error'})`);
      throw error;
    }
    try {
      const receipt = await this.dataSource.transaction(async (manager) => {
        const contactMessages = await deleteRows(manager, 'DELETE FROM contact_messages WHERE lower(email) = lower($1)', [email]);
        const subscriber = (await deleteRows(manager, 'DELETE FROM marketing_subscribers WHERE email = lower($1)', [email])) > 0;
        // The outbox: emails to the address, about it (staff alerts, webhook deliveries) and hourly digests listing it.
        await manager.query(
          `DELETE FROM email_outbox
            WHERE lower(to_address) = lower($1) OR lower(person_email) = lower($1)
               OR (kind = 'staff-digest' AND EXISTS (SELECT 1 FROM jsonb_array_elements(payload->'leads') lead WHERE lower(lead->>'email') = lower($1)))`,
          [email],
        );
        const receipt: ErasureReceipt = { contactMessages, ...tools.records, subscriber };
        await this.activity.record(manager, session, 'person.erase', describeErasure(contactMessages, tools.summary, subscriber));
        return receipt;
      });
      await this.queuedJobs.remove(email);
      return receipt;
    } catch (error) {
      this.logger.error(`erasure's own part failed after the tools service erased: ${error instanceof Error ? error.message : String(error)}`);
      await this.log(session, 'person.erase-partial', `Erased only a person's tool records: ${tools.summary}; erase again to finish`);
      throw new HttpException(CONTENT_PART_FAILED, 503);
    }
  }

  /** An entry of its own, outside any transaction that failed; a log write that fails too is only reported. */
  private async log(session: string, action: string, summary: string): Promise<void> {
    try {
      await this.activity.record(this.dataSource, session, action, summary);
    } catch (error) {
      this.logger.error(`could not log ${action}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
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
export function describeErasure(contactMessages: number, toolRecords: string, subscriber: boolean): string {
  return (
    `Erased a person's data: ${plural(contactMessages, 'contact message', 'contact messages')}, ${toolRecords} ` +
    `and ${subscriber ? 'their subscriber row' : 'no subscriber row'}`
  );
}
