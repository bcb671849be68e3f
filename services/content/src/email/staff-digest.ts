import { writeOutbox } from '@agency/server-kit';
import type { DataSource } from 'typeorm';

/** Each kind of lead: where it is stored and which column holds its question. */
const LEAD_TABLES = [
  { tool: 'contact', table: 'contact_messages', question: 'message' },
  { tool: 'audit', table: 'llm_queries', question: 'query' },
  { tool: 'fan-out', table: 'query_fan_out_requests', question: 'keyword' },
  { tool: 'image', table: 'image_analyses', question: "''" },
] as const;

/**
 * In hourly mode: one staff email listing the leads of the last full hour, written once per hour
 * (its key is the hour), so every sender replica may try and only one row is stored.
 */
export async function writeHourlyDigest(dataSource: DataSource, staffEmail: string, now: Date): Promise<number[]> {
  const end = new Date(now);
  end.setUTCMinutes(0, 0, 0);
  const start = new Date(end.getTime() - 3_600_000);
  const leads: { tool: string; email: string; question: string }[] = [];
  for (const { tool, table, question } of LEAD_TABLES) {
    const [exists] = await dataSource.query<{ present: boolean }[]>(`SELECT to_regclass($1) IS NOT NULL AS present`, [table]);
    if (!exists?.present) continue;
    const rows = await dataSource.query<{ email: string; question: string }[]>(
      `SELECT email, ${question} AS question FROM ${table} WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at LIMIT 200`,
      [start, end],
    );
    leads.push(...rows.map((row) => ({ tool, email: row.email, question: row.question.slice(0, 300) })));
  }
  if (leads.length === 0) return [];
  return writeOutbox(
    dataSource,
    [
      {
        key: `staff-digest:${start.toISOString()}`,
        kind: 'staff-digest',
        to: staffEmail,
        subject: `${leads.length} new ${leads.length === 1 ? 'lead' : 'leads'} in the last hour`,
        personEmail: null,
        payload: { leads },
        limited: false,
      },
    ],
    0,
  );
}
