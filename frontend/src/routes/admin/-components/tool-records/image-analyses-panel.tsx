import { useQuery } from '@tanstack/react-query';
import type { ImageAnalysisRecord } from '@agency/shared';
import { useState } from 'react';
import { adminImageAnalysesQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { ImageAnalysisDialog } from './image-analysis-dialog';
import { imageProducts, imageSummary } from './image-analysis-summaries';
import { NEWEST_OLDEST } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';
import { PersonLink } from '../people/person-link';

/** The AI Image Reader's analyses: what each model read of an upload, and the main-image checks. */
export function ImageAnalysesPanel() {
  const controls = useListControls();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <RecordsPanel<ImageAnalysisRecord>
        title="Image Analyses"
        result={useQuery(adminImageAnalysesQuery(controls.params))}
        controls={controls}
        countLabel={(total) => `${total.toLocaleString('en-GB')} total analyses`}
        loadingText="Loading analyses..."
        emptyText="No analyses found. They appear here when visitors use the AI Image Reader."
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search analyses"
            searchPlaceholder="Email or what a model read"
            dateRange
            sorts={NEWEST_OLDEST}
            exportCsv={{ path: '/api/admin/image-analyses/export', fileName: 'image-analyses.csv', label: 'Export CSV' }}
          />
        }
        renderRecord={(record) => {
          const summary = imageSummary(record);
          return (
            <RecordCard
              key={record.id}
              title={`Analysis #${record.id}`}
              actions={
                <button type="button" className="btn btn-secondary btn-small" aria-label={`Open analysis #${record.id}`} onClick={() => setOpen(record.id)}>
                  Open
                </button>
              }
            >
              <p className="admin-record-text admin-record-quote">{imageProducts(record) || 'No model read the product.'}</p>
              <RecordMeta
                items={[
                  ['Email', <PersonLink email={record.email} />],
                  ['Image', summary.image],
                  ['Submitted', formatDateTime(record.createdAt)],
                ]}
              />
              <ul className="admin-summary">
                <li className="badge">
                  {summary.answered} / {summary.asked} models answered
                </li>
                {summary.checks ? (
                  <li className="badge">
                    Main-image checks: {summary.checks.passed} / {summary.checks.total} passed
                  </li>
                ) : null}
                {record.disagreement ? <li className="badge badge-check-fail">Models disagree</li> : null}
                {record.simulated ? <li className="badge">Simulated (demo mode)</li> : null}
              </ul>
            </RecordCard>
          );
        }}
      />
      {open !== null ? <ImageAnalysisDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
