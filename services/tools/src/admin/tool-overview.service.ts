import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, OVERVIEW_DAYS, type ToolsOverview } from '@agency/shared';
import { DataSource } from 'typeorm';

const BUSIEST_QUERIES = 10;

/** The last `count` days in UTC, today last, as YYYY-MM-DD. */
function overviewDays(now: Date, count = OVERVIEW_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * The Overview tab's tool figures over the last 30 days. An engine's audits "unanswered" are those
 * whose stored answers hold no text from it: it failed, timed out or was not configured (the
 * record keeps answers, not errors).
 */
@Injectable()
export class ToolOverviewService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(now = new Date()): Promise<ToolsOverview> {
    const days = overviewDays(now);
    const since = `${days[0]}T00:00:00Z`;
    // SPEC's four engines: Perplexity is asked only where its key is set, so its absence says nothing.
    const engines = MODEL_PROVIDER_IDS.map((id) => AUDIT_MODEL_KEYS[id]);
    // The stored answers are JSON with a key per engine that answered (JSON.stringify drops the
    // others): a key's absence is read with LIKE instead of parsing every row's JSON (5 times
    // faster at 100,000 audits). A quote inside an answer is escaped, so text cannot fake a key.
    const perEngine = engines.map((_, index) => `count(*) FILTER (WHERE response NOT LIKE $${index + 2})::int`).join(', ');
    const [audits, fanOuts, unanswered, busiest] = (await Promise.all([
      this.perDay('llm_queries', since),
      this.perDay('query_fan_out_requests', since),
      this.dataSource.query(
        `SELECT count(*)::int AS audits, ARRAY[${perEngine}] AS unanswered FROM llm_queries WHERE created_at >= $1`,
        [since, ...engines.map((engine) => `%"${engine}":%`)],
      ),
      this.dataSource.query(
        `SELECT min(query) AS query, count(*)::int AS runs FROM llm_queries WHERE created_at >= $1
           GROUP BY lower(query) ORDER BY runs DESC, min(query) LIMIT ${BUSIEST_QUERIES}`,
        [since],
      ),
    ])) as [Map<string, number>, Map<string, number>, { audits: number; unanswered: number[] }[], { query: string; runs: number }[]];
    const totals = unanswered[0] ?? { audits: 0, unanswered: engines.map(() => 0) };
    return {
      days,
      auditRuns: days.map((day) => audits.get(day) ?? 0),
      fanOutRuns: days.map((day) => fanOuts.get(day) ?? 0),
      engines: engines.map((engine, index) => ({ engine, audits: totals.audits, unanswered: totals.unanswered[index] ?? 0 })),
      busiestQueries: busiest,
    };
  }

  private async perDay(table: 'llm_queries' | 'query_fan_out_requests', since: string): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<{ day: string; count: number }[]>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count FROM ${table} WHERE created_at >= $1 GROUP BY 1`,
      [since],
    );
    return new Map(rows.map((row) => [row.day, row.count]));
  }
}
