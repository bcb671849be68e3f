import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ToolErasure, ToolLead, ToolRecordCounts } from '@agency/shared';
import { DataSource } from 'typeorm';
import { TrackedQuestionEntity } from '../tracking/tracked-question.entity.js';
import type { AnyToolDefinition } from '../tools/tool-definition.js';
import { TOOLS } from '../tools/tools.js';

/** Leads per tool in one digest, at most (the digest lists them; the admin has the rest). */
const LEADS_PER_TOOL = 200;

/**
 * What the content service asks of the tools' tables instead of reading them: a person's erasure
 * and the leads of an hour, for every tool in the TOOLS list.
 */
@Injectable()
export class ToolPersonDataService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Deletes every tool record of the address, in any case, in one transaction: all or none. */
  async erase(email: string): Promise<ToolErasure> {
    const records = await this.dataSource.transaction(async (manager) => {
      const counts = Object.fromEntries(TOOLS.map((tool) => [tool.record.personKey, 0])) as ToolRecordCounts;
      for (const tool of TOOLS as readonly AnyToolDefinition[]) {
        const result = await manager.createQueryBuilder().delete().from(tool.record.entity).where('lower(email) = lower(:email)', { email }).execute();
        counts[tool.record.personKey] = result.affected ?? 0;
      }
      // The person's tracked questions go too (their runs with them); a worker ends each one's
      // schedule when it next comes due.
      await manager.createQueryBuilder().delete().from(TrackedQuestionEntity).where('lower(email) = lower(:email)', { email }).execute();
      return counts;
    });
    const summary = (TOOLS as readonly AnyToolDefinition[])
      .filter((tool) => records[tool.record.personKey] > 0 || tool.record.namedWhenNone !== false)
      .map((tool) => {
        const count = records[tool.record.personKey];
        return `${count.toLocaleString('en-GB')} ${count === 1 ? tool.record.noun[0] : tool.record.noun[1]}`;
      })
      .join(', ');
    return { records, summary };
  }

  /**
   * Stops every tracked question of the address (it unsubscribed from all emails); a worker ends
   * each one's schedule when it next comes due. Answers how many were stopped.
   */
  async stopTracking(email: string): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(TrackedQuestionEntity)
      .set({ status: 'stopped', statusReason: 'The visitor unsubscribed from all emails.' })
      .where(`lower(email) = lower(:email) AND status <> 'stopped'`, { email })
      .execute();
    return result.affected ?? 0;
  }

  /** Every tool's leads stored in [from, until), oldest first. */
  async leads(from: Date, until: Date): Promise<ToolLead[]> {
    const lists = await Promise.all(
      (TOOLS as readonly AnyToolDefinition[]).map(async (tool) => {
        const rows = await this.dataSource
          .getRepository(tool.record.entity)
          .createQueryBuilder('record')
          .select('record.email', 'email')
          .addSelect(tool.record.leadQuestion, 'question')
          .addSelect('record.created_at', 'createdAt')
          .where('record.created_at >= :from AND record.created_at < :until', { from, until })
          .orderBy('record.created_at')
          .limit(LEADS_PER_TOOL)
          .getRawMany<{ email: string; question: string; createdAt: Date }>();
        return rows.map((row) => ({ tool: tool.name, toolTitle: tool.title, email: row.email, question: row.question, createdAt: row.createdAt.toISOString() }));
      }),
    );
    return lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
}

