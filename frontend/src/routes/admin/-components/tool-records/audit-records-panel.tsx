import { useQuery } from '@tanstack/react-query';
import type { AuditRecord } from '@agency/shared';
import { useState } from 'react';
import { adminAuditRecordsQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { AuditRecordDialog } from './audit-record-dialog';
import { NEWEST_OLDEST } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { citedDomains, engineModels, responsePreview, usageTotals } from './tool-record-summaries';
import { useListControls } from '../shared/use-list-controls';
import { PersonLink } from '../people/person-link';

export function AuditRecordsPanel() {
  const controls = useListControls();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <RecordsPanel<AuditRecord>
        title="LLM Queries"
        result={useQuery(adminAuditRecordsQuery(controls.params))}
        controls={controls}
        countLabel={(total) => `${total.toLocaleString('en-GB')} Total Queries`}
        loadingText="Loading queries..."
        emptyText="No queries found. They appear here when visitors run the AI Search Audit."
        intro={
          <p className="admin-info">
            Emails submitted through the LLM Recall Checker (the AI Search Audit) are stored in the queries table with the query, brand (optional),
            email and timestamp.
          </p>
        }
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search queries"
            searchPlaceholder="Email, query or brand"
            dateRange
            sorts={NEWEST_OLDEST}
            exportCsv={{ path: '/api/admin/llm-queries/export', fileName: 'llm-queries.csv', label: 'Export CSV' }}
          />
        }
        renderRecord={(record) => <AuditRecordCard key={record.id} record={record} onOpen={() => setOpen(record.id)} />}
      />
      {open !== null ? <AuditRecordDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function AuditRecordCard({ record, onOpen }: { record: AuditRecord; onOpen: () => void }) {
  const usage = usageTotals(record.usage);
  return (
    <RecordCard
      title={`Query #${record.id}`}
      actions={
        <button type="button" className="btn btn-secondary btn-small" aria-label={`Open query #${record.id}`} onClick={onOpen}>
          Open
        </button>
      }
    >
      <p className="admin-record-text admin-record-quote">{record.query}</p>
      <RecordMeta
        items={[
          ['Brand', record.brand],
          ['Email', <PersonLink email={record.email} />],
          ['Website', record.website],
          [Object.keys(record.models ?? {}).length > 1 ? 'Models' : 'Model', engineModels(record)],
          ['Submitted', formatDateTime(record.createdAt)],
          ['Web searches', usage ? String(usage.searches) : null],
          ['Tokens', usage ? `${formatCount(usage.inputTokens)} in, ${formatCount(usage.outputTokens)} out` : null],
        ]}
      />
      <div className="admin-preview">
        <span className="admin-preview-label">Response preview</span>
        <p>{responsePreview(record.response)}</p>
      </div>
      <CitedDomains record={record} />
    </RecordCard>
  );
}

/** The sites the answers cited, as text (never links: they come from model output). */
function CitedDomains({ record }: { record: AuditRecord }) {
  const domains = citedDomains(record.citations);
  if (domains.length === 0) return null;
  return (
    <div className="admin-preview admin-cited-domains">
      <span className="admin-preview-label">Cited domains</span>
      <ul>
        {domains.map(({ domain, models }) => (
          <li key={domain}>
            {domain} <span className="admin-cited-count">({models === 1 ? '1 model' : `${models} models`})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function formatCount(count: number): string {
  return count.toLocaleString('en-GB');
}
