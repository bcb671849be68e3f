import { csvDocument, type CrawlerLogAnswer } from '@agency/shared';

const count = (value: number | null): string => (value === null ? '' : String(value));

/**
 * The visitor's CSV of one report: a row per agent, then the pages each agent read, the pages AI
 * agents read most and the pages they never read; the `kind` column says which.
 */
export function crawlerLogReportCsv(report: CrawlerLogAnswer): string {
  const rows: string[][] = [];
  for (const agent of report.agents) {
    rows.push([
      'agent',
      agent.agent,
      agent.operator,
      '',
      String(agent.requests),
      count(agent.verified),
      count(agent.impostors),
      String(agent.pages),
      String(agent.bytes),
      agent.firstSeen ?? '',
      agent.lastSeen ?? '',
      Object.entries(agent.statuses)
        .map(([status, requests]) => `${status}: ${requests}`)
        .join('; '),
    ]);
  }
  for (const agent of report.agents) {
    for (const page of agent.topPages) rows.push(['agent-page', agent.agent, agent.operator, page.path, String(page.requests), '', '', '', '', '', '', '']);
  }
  for (const page of report.topPages) rows.push(['top-page', '', '', page.path, String(page.requests), '', '', '', '', '', '', '']);
  for (const page of report.neverRead) rows.push(['never-read-by-ai', '', '', page.path, String(page.requests), '', '', '', '', '', '', '']);
  return csvDocument(['kind', 'agent', 'operator', 'path', 'requests', 'verified', 'impostors', 'pages', 'bytes', 'first_seen', 'last_seen', 'statuses'], rows);
}
