import { writeOutbox } from '@agency/server-kit';
import type { DataSource } from 'typeorm';
import type { ToolsClient } from '../tools-client/tools-client.js';

/** A digest lists at most this many contact messages (the admin has the rest). */
const CONTACT_LEADS = 200;

/**
 * In hourly mode: one staff email listing the leads of the last full hour, written once per hour
 * (its key is the hour), so every sender replica may try and only one row is stored. The contact
 * messages are this service's; the tool leads are asked of the tools service. When it does not
 * answer, nothing is written: the next sweep tries again, so the hour's digest is never stored
 * without its tool leads.
 */
export async function writeHourlyDigest(dataSource: DataSource, tools: ToolsClient, staffEmail: string, now: Date): Promise<number[]> {
  const end = new Date(now);
  end.setUTCMinutes(0, 0, 0);
  const start = new Date(end.getTime() - 3_600_000);
  const [messages, toolLeads] = await Promise.all([
    dataSource.query<{ email: string; question: string }[]>(
      `SELECT email, message AS question FROM contact_messages WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at LIMIT ${CONTACT_LEADS}`,
      [start, end],
    ),
    tools.leads(start, end),
  ]);
  const leads = [
    ...messages.map((row) => ({ tool: 'contact', email: row.email, question: row.question.slice(0, 300) })),
    ...toolLeads.map((lead) => ({ tool: lead.tool, toolTitle: lead.toolTitle, email: lead.email, question: lead.question.slice(0, 300) })),
  ];
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
