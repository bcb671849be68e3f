import { useQuery } from '@tanstack/react-query';
import type { FanOutRecord } from '@agency/shared';
import { adminFanOutRecordsQuery } from '../../../api/admin-queries';
import { formatDateTime } from './admin-format';
import { OutLink, RecordCard, RecordMeta } from './record-card';
import { RecordsPanel } from './records-panel';
import { summariseFanOutResults } from './tool-record-summaries';

export function FanOutRecordsPanel() {
  return (
    <RecordsPanel<FanOutRecord>
      title="Semantic Expansion"
      result={useQuery(adminFanOutRecordsQuery())}
      countLabel={(records) => `${records.length} total requests`}
      loadingText="Loading requests..."
      emptyText="No requests yet. They appear here when visitors use the Semantic Expansion tool."
      renderRecord={(record) => {
        const summary = summariseFanOutResults(record.results);
        return (
          <RecordCard key={record.id} title={`Request #${record.id}`}>
            <p className="admin-record-text admin-record-quote">{record.keyword}</p>
            <RecordMeta
              items={[
                ['Website', <OutLink href={record.website} />],
                ['Email', record.email],
                ['Submitted', formatDateTime(record.createdAt)],
              ]}
            />
            {summary ? (
              <ul className="admin-summary">
                <li className="badge">Generated {summary.variations} query variations</li>
                <li className="badge">
                  Website coverage: {summary.found} / {summary.total} queries found
                </li>
              </ul>
            ) : null}
          </RecordCard>
        );
      }}
    />
  );
}
