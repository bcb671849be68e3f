import type { CrawlerAgentReport, CrawlerLogAnswer, PathCount } from '@agency/shared';
import { lazy, Suspense } from 'react';
import { crawlerLogReportCsvPath } from '../../../api/crawler-log-request';
import './crawler-log.css';

const CrawlerDailyChart = lazy(() => import('./crawler-daily-chart'));
const ROBOTS_ONLY_TOKENS = new Set(['Google-Extended', 'Applebot-Extended']);

const number = (value: number): string => value.toLocaleString('en-GB');
const day = (iso: string | null): string => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : '–');
const dateTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }) : '–';

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function statuses(agent: CrawlerAgentReport): string {
  return Object.entries(agent.statuses)
    .map(([status, count]) => `${status} × ${number(count)}`)
    .join(', ');
}

function Verification({ agent }: { agent: CrawlerAgentReport }) {
  if (agent.verified === null) return <span className="crawler-muted">No published addresses</span>;
  return (
    <>
      <span className="badge badge-success">{number(agent.verified)} verified</span>
      {agent.impostors ? <span className="badge badge-danger crawler-impostor-badge">{number(agent.impostors)} impostors</span> : null}
    </>
  );
}

function PageTable({ pages, label, empty }: { pages: PathCount[]; label: string; empty: string }) {
  if (pages.length === 0) return <p className="crawler-muted">{empty}</p>;
  return (
    <div className="crawler-table-wrap">
      <table className="crawler-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col" className="crawler-number">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.path}>
              <td className="crawler-path">{page.path}</td>
              <td className="crawler-number">{number(page.requests)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One analysis as the visitor and staff see it: the agents, the chart, the pages, the impostors and the robots.txt lines. */
export function CrawlerLogReport({ report, headingLevel = 2 }: { report: CrawlerLogAnswer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const impostors = report.agents.filter((agent) => (agent.impostors ?? 0) > 0);
  // The crawlers in the log, those the file names, and the two training tokens that appear only in robots.txt.
  const robotsGroups =
    report.robots?.groups.filter(
      (group) => group.matchedBy === group.agent || ROBOTS_ONLY_TOKENS.has(group.agent) || report.agents.some((agent) => agent.agent === group.agent),
    ) ?? [];
  return (
    <div className="crawler-report">
      <dl className="crawler-stats">
        <div>
          <dt>Requests read</dt>
          <dd>{number(report.lines)}</dd>
        </div>
        <div>
          <dt>From AI crawlers</dt>
          <dd>{number(report.aiRequests)}</dd>
        </div>
        <div>
          <dt>Lines skipped</dt>
          <dd>{number(report.skipped)}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>
            {day(report.from)} – {day(report.to)}
          </dd>
        </div>
      </dl>
      <p className="crawler-muted">
        {report.format === 'combined' ? 'Combined log format' : report.format === 'json' ? 'JSON lines' : 'CSV'}
        {report.gzip ? ', gzip' : ''}, {formatBytes(report.bytes)} read.
        {report.skipped === 1 ? ' 1 line could not be read as a request and was skipped.' : report.skipped > 1 ? ` ${number(report.skipped)} lines could not be read as requests and were skipped.` : ''}
        {report.truncated ? ' The log names more distinct pages than we count; the rarest are left out.' : ''}
      </p>
      {report.reportId ? (
        <div className="crawler-actions">
          <a className="btn btn-secondary" href={crawlerLogReportCsvPath(report.reportId)} download>
            Download CSV
          </a>
          {report.reportUrl ? (
            <a className="text-link" href={report.reportUrl}>
              Link to this report
            </a>
          ) : null}
        </div>
      ) : null}

      <Heading className="results-subhead">AI crawlers</Heading>
      {report.agents.length === 0 ? (
        <p className="crawler-muted">No AI crawler appears in this log.</p>
      ) : (
        <>
          {report.daily.length > 0 ? (
            <Suspense fallback={<div className="crawler-chart" aria-hidden="true" />}>
              <CrawlerDailyChart report={report} />
            </Suspense>
          ) : null}
          <div className="crawler-table-wrap">
            <table className="crawler-table crawler-agents-table" aria-label="AI crawlers">
              <thead>
                <tr>
                  <th scope="col">Crawler</th>
                  <th scope="col" className="crawler-number">
                    Requests
                  </th>
                  <th scope="col">Published addresses</th>
                  <th scope="col" className="crawler-number">
                    Pages
                  </th>
                  <th scope="col">Status codes</th>
                  <th scope="col" className="crawler-number">
                    Bytes
                  </th>
                  <th scope="col">First and last seen (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {report.agents.map((agent) => (
                  <tr key={agent.agent}>
                    <th scope="row">
                      <span className="crawler-agent">{agent.agent}</span>
                      <span className="crawler-muted crawler-purpose">
                        {agent.operator} · {agent.purpose}
                      </span>
                    </th>
                    <td className="crawler-number">{number(agent.requests)}</td>
                    <td>
                      <Verification agent={agent} />
                    </td>
                    <td className="crawler-number">{number(agent.pages)}</td>
                    <td>{statuses(agent)}</td>
                    <td className="crawler-number">{formatBytes(agent.bytes)}</td>
                    <td>
                      {dateTime(agent.firstSeen)} – {dateTime(agent.lastSeen)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <Heading className="results-subhead">Impostors</Heading>
      {impostors.length === 0 ? (
        <p className="crawler-muted">No request claimed a crawler from outside the addresses its operator publishes.</p>
      ) : (
        <ul className="crawler-impostors">
          {impostors.map((agent) => (
            <li key={agent.agent}>
              <strong>{agent.agent}</strong>: {number(agent.impostors ?? 0)} of {number(agent.requests)} requests came from addresses {agent.operator} does not publish
              {agent.impostorAddresses.length > 0 ? ` (${agent.impostorAddresses.map((entry) => `${entry.address} × ${number(entry.requests)}`).join(', ')})` : ''}.
            </li>
          ))}
        </ul>
      )}

      <div className="crawler-pages">
        <div>
          <Heading className="results-subhead">Pages AI crawlers read most</Heading>
          <PageTable pages={report.topPages} label="Pages AI crawlers read most" empty="No AI crawler read a page." />
        </div>
        <div>
          <Heading className="results-subhead">Pages AI crawlers never read</Heading>
          <PageTable pages={report.neverRead} label="Pages AI crawlers never read" empty="AI crawlers read every page other visitors read." />
        </div>
      </div>

      {report.robots ? (
        <>
          <Heading className="results-subhead">robots.txt of {report.robots.site}</Heading>
          {report.robots.status !== 'read' ? (
            <p className="crawler-muted">{report.robots.problem}</p>
          ) : (
            <div className="crawler-robots">
              {robotsGroups.map((group) => (
                <div className="crawler-robots-group" key={group.agent}>
                  <Sub className="crawler-robots-agent">
                    {group.agent}{' '}
                    <span className={group.homeAllowed ? 'badge badge-success' : 'badge badge-danger'}>{group.homeAllowed ? 'Allowed' : 'Blocked'}</span>
                  </Sub>
                  {group.lines.length > 0 ? (
                    <pre className="crawler-robots-lines">{group.lines.join('\n')}</pre>
                  ) : (
                    <p className="crawler-muted">No group applies: everything is allowed.</p>
                  )}
                </div>
              ))}
            </div>
          )}
        </>
      ) : null}

      <p className="crawler-muted crawler-sources">
        Addresses checked against the lists the operators publish:{' '}
        {report.ranges.map((source, index) => (
          <span key={source.agent}>
            {index > 0 ? ', ' : ''}
            {source.agent} ({source.retrieved})
          </span>
        ))}
        . Crawlers without a list are counted but not verified.
      </p>
    </div>
  );
}
