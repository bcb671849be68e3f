import { useQuery } from '@tanstack/react-query';
import type { CrawlerLogAnalysisRecord } from '@agency/shared';
import { useState } from 'react';
import { adminCrawlerLogQuery, adminCrawlerLogsQuery, adminGatewayCrawlerLogQuery } from '../../../../api/admin-queries';
import { CrawlerLogReport } from '../../../ai-crawler-log-analyzer/-components/crawler-log-report';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { NEWEST_OLDEST } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { PersonLink } from '../people/person-link';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordDialog } from '../shared/record-dialog';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';

/** The AI Crawler Log Analyzer's stored reports, and the same report over this site's own gateway log. */
export function CrawlerLogsPanel() {
  const controls = useListControls();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <GatewayLogReport />
      <RecordsPanel<CrawlerLogAnalysisRecord>
        title="Crawler Logs"
        result={useQuery(adminCrawlerLogsQuery(controls.params))}
        controls={controls}
        countLabel={(total) => `${total.toLocaleString('en-GB')} total analyses`}
        loadingText="Loading analyses..."
        emptyText="No analyses found. They appear here when visitors use the AI Crawler Log Analyzer."
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search analyses"
            searchPlaceholder="Email, file name or site"
            dateRange
            sorts={NEWEST_OLDEST}
            exportCsv={{ path: '/api/admin/crawler-log-analyses/export', fileName: 'crawler-log-analyses.csv', label: 'Export CSV' }}
          />
        }
        renderRecord={(record) => (
          <RecordCard
            key={record.id}
            title={`Log analysis #${record.id}`}
            actions={
              <button type="button" className="btn btn-secondary btn-small" aria-label={`Open log analysis #${record.id}`} onClick={() => setOpen(record.id)}>
                Open
              </button>
            }
          >
            <RecordMeta
              items={[
                ['Email', <PersonLink email={record.email} />],
                ['File', record.fileName ?? '–'],
                ['Site', record.site ?? '–'],
                ['Submitted', formatDateTime(record.createdAt)],
              ]}
            />
            <ul className="admin-summary">
              <li className="badge">{record.report.lines.toLocaleString('en-GB')} requests</li>
              <li className="badge">{record.report.aiRequests.toLocaleString('en-GB')} from AI crawlers</li>
              {record.report.agents.slice(0, 3).map((agent) => (
                <li className="badge" key={agent.agent}>
                  {agent.agent}: {agent.requests.toLocaleString('en-GB')}
                </li>
              ))}
            </ul>
          </RecordCard>
        )}
      />
      {open !== null ? <CrawlerLogDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function CrawlerLogDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const record = useQuery(adminCrawlerLogQuery(id));
  return (
    <RecordDialog title={`Log analysis #${id}`} description="The report as the visitor saw it. The log itself is not kept." onClose={onClose}>
      {record.isPending ? <p role="status">Loading the analysis...</p> : null}
      {record.isError ? <p role="alert">Could not load this analysis: {serverText(record.error)}</p> : null}
      {record.data ? (
        <div className="admin-detail">
          <RecordMeta
            items={[
              ['Email', <a href={`mailto:${record.data.email}`}>{record.data.email}</a>],
              ['All records', <PersonLink email={record.data.email}>Every record of this address</PersonLink>],
              ['File', record.data.fileName ?? '–'],
              ['Submitted', formatDateTime(record.data.createdAt)],
            ]}
          />
          <CrawlerLogReport report={{ ...record.data.report, reportId: record.data.reportId ?? undefined }} headingLevel={3} />
        </div>
      ) : null}
    </RecordDialog>
  );
}

/** Runs the analyzer over the gateway's access log (GATEWAY_ACCESS_LOG) when staff ask. */
function GatewayLogReport() {
  const report = useQuery(adminGatewayCrawlerLogQuery());
  return (
    <section className="admin-gateway-log" aria-labelledby="gateway-log-title">
      <h3 id="gateway-log-title">This site’s own crawlers</h3>
      <p>The same report over this site’s gateway access log (its last 50 MB). Nothing is stored.</p>
      <button type="button" className="btn btn-secondary btn-small" disabled={report.isFetching} onClick={() => void report.refetch()}>
        {report.isFetching ? 'Reading the gateway log...' : report.data ? 'Read it again' : 'Analyse the gateway log'}
      </button>
      {report.isError ? <p role="alert">Could not read the gateway log: {serverText(report.error)}</p> : null}
      {report.data ? <CrawlerLogReport report={report.data} headingLevel={3} /> : null}
    </section>
  );
}
