import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OVERVIEW_DAYS, type LeadsOverview, type SubscriberSource } from '@agency/shared';
import { DataSource } from 'typeorm';

const SOURCES: SubscriberSource[] = ['contact', 'newsletter', 'ai-search-audit', 'query-fan-out', 'ai-image-reader', 'ai-crawler-log-analyzer'];

/** The last OVERVIEW_DAYS days in UTC, today last, as YYYY-MM-DD. */
export function overviewDays(now: Date, count = OVERVIEW_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The Overview tab's lead figures, each read by a range scan of a created-at index. */
@Injectable()
export class LeadsOverviewService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(now = new Date()): Promise<LeadsOverview> {
    const days = overviewDays(now);
    const since = `${days[0]}T00:00:00Z`;
    const [leads, messages] = (await Promise.all([
      this.dataSource.query(
        `SELECT to_char(consent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, source, count(*)::int AS count
           FROM marketing_subscribers WHERE consent_at >= $1 GROUP BY 1, 2`,
        [since],
      ),
      this.dataSource.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count
           FROM contact_messages WHERE created_at >= $1 GROUP BY 1`,
        [since],
      ),
    ])) as [{ day: string; source: SubscriberSource; count: number }[], { day: string; count: number }[]];
    const index = new Map(days.map((day, position) => [day, position]));
    const leadsBySource = Object.fromEntries(SOURCES.map((source) => [source, days.map(() => 0)])) as Record<SubscriberSource, number[]>;
    for (const row of leads) {
      const position = index.get(row.day);
      if (position !== undefined && leadsBySource[row.source]) leadsBySource[row.source][position] = row.count;
    }
    const contactMessages = days.map(() => 0);
    for (const row of messages) {
      const position = index.get(row.day);
      if (position !== undefined) contactMessages[position] = row.count;
    }
    return { days, leadsBySource, contactMessages };
  }
}
