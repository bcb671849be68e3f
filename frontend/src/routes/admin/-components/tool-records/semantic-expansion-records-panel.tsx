import { useQuery } from '@tanstack/react-query';
import type { SemanticExpansionRecord } from '@agency/shared';
import { useState } from 'react';
import { adminSemanticExpansionRecordsQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { SemanticExpansionRecordDialog } from './semantic-expansion-record-dialog';
import { NEWEST_OLDEST } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { OutLink, RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { summariseSemanticExpansionResults } from './tool-record-summaries';
import { useListControls } from '../shared/use-list-controls';
import { PersonLink } from '../people/person-link';

export function SemanticExpansionRecordsPanel() {
  const controls = useListControls();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <RecordsPanel<SemanticExpansionRecord>
        title="Semantic Expansion"
        result={useQuery(adminSemanticExpansionRecordsQuery(controls.params))}
        controls={controls}
        countLabel={(total) => `${total.toLocaleString('en-GB')} total requests`}
        loadingText="Loading requests..."
        emptyText="No requests found. They appear here when visitors use the Semantic Expansion tool."
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search requests"
            searchPlaceholder="Email, keyword or website"
            dateRange
            sorts={NEWEST_OLDEST}
            exportCsv={{ path: '/api/admin/query-fan-out-requests/export', fileName: 'semantic-expansion.csv', label: 'Export CSV' }}
          />
        }
        renderRecord={(record) => {
          const summary = summariseSemanticExpansionResults(record.results);
          return (
            <RecordCard
              key={record.id}
              title={`Request #${record.id}`}
              actions={
                <button type="button" className="btn btn-secondary btn-small" aria-label={`Open request #${record.id}`} onClick={() => setOpen(record.id)}>
                  Open
                </button>
              }
            >
              <p className="admin-record-text admin-record-quote">{record.keyword}</p>
              <RecordMeta
                items={[
                  ['Website', <OutLink href={record.website} />],
                  ['Email', <PersonLink email={record.email} />],
                  ['Submitted', formatDateTime(record.createdAt)],
                ]}
              />
              {summary ? (
                <ul className="admin-summary">
                  <li className="badge">Generated {summary.variations} query variations</li>
                  {summary.checked ? (
                    <li className="badge">
                      Website coverage: {summary.found} / {summary.total} queries found
                    </li>
                  ) : (
                    <li className="badge badge-muted">Website not checked (it could not be read)</li>
                  )}
                </ul>
              ) : null}
            </RecordCard>
          );
        }}
      />
      {open !== null ? <SemanticExpansionRecordDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
