import { useQuery } from '@tanstack/react-query';
import type { SemanticExpansionRecord as FanOutRecord } from '@agency/shared';
import { useState } from 'react';
import { adminFanOutRecordsQuery } from '../../../api/admin-queries';
import { formatDateTime } from './admin-format';
import { FanOutRecordDialog } from './fan-out-record-dialog';
import { NEWEST_OLDEST } from './list-options';
import { ListToolbar } from './list-toolbar';
import { OutLink, RecordCard, RecordMeta } from './record-card';
import { RecordsPanel } from './records-panel';
import { summariseFanOutResults } from './tool-record-summaries';
import { useListControls } from './use-list-controls';
import { PersonLink } from './person-link';

export function FanOutRecordsPanel() {
  const controls = useListControls();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <RecordsPanel<FanOutRecord>
        title="Semantic Expansion"
        result={useQuery(adminFanOutRecordsQuery(controls.params))}
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
          const summary = summariseFanOutResults(record.results);
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
      {open !== null ? <FanOutRecordDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
