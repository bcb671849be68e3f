import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminActivityEntry } from '@agency/shared';
import { type AdminListQuery, containsPattern, type ListPage, type SqlRunner } from '@agency/server-kit';
import { Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { AdminActivityEntity } from './admin-activity.entity.js';

const SUMMARY_MAX = 500;

function toEntry(row: AdminActivityEntity): AdminActivityEntry {
  return { id: Number(row.id), at: row.at.toISOString(), session: row.session, action: row.action, summary: row.summary };
}

/** The activity log staff read in the panel. Callers write summaries without personal data (ids and counts, not names or addresses). */
@Injectable()
export class AdminActivityService {
  constructor(@InjectRepository(AdminActivityEntity) private readonly entries: Repository<AdminActivityEntity>) {}

  /** `db`: the caller's transaction when the entry must commit with the change it describes. */
  async record(db: SqlRunner, session: string, action: string, summary: string): Promise<void> {
    await db.query('INSERT INTO admin_activity (session, action, summary) VALUES ($1, $2, $3)', [session, action, summary.slice(0, SUMMARY_MAX)]);
  }

  listPage(query: AdminListQuery): Promise<ListPage<AdminActivityEntry>> {
    const rows = this.entries.createQueryBuilder('entry');
    if (query.q) rows.andWhere('(entry.summary ILIKE :q OR entry.action ILIKE :q OR entry.session ILIKE :q)', { q: containsPattern(query.q) });
    rows.orderBy('entry.at', 'DESC').addOrderBy('entry.id', 'DESC');
    return readListPage(rows, query, toEntry);
  }
}
