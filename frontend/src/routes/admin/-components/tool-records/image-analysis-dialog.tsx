import type { ImageAnalysisRecord } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminImageAnalysisQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { describeImage, IMAGE_MODELS } from './image-analysis-summaries';
import { RecordMeta } from '../shared/record-card';
import { DetailSection, RecordDialog } from '../shared/record-dialog';
import { PersonLink } from '../people/person-link';

/** One AI Image Reader analysis as stored: each model's reading, the main-image checks and the disagreement line. */
export function ImageAnalysisDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const record = useQuery(adminImageAnalysisQuery(id));
  return (
    <RecordDialog title={`Analysis #${id}`} description="The full analysis as stored: what each model read and Amazon's main-image checks. The image itself is not kept." onClose={onClose}>
      {record.isPending ? <p role="status">Loading the analysis...</p> : null}
      {record.isError ? <p role="alert">Could not load this analysis: {serverText(record.error)}</p> : null}
      {record.data ? <ImageAnalysisDetailView record={record.data} /> : null}
    </RecordDialog>
  );
}

function ImageAnalysisDetailView({ record }: { record: ImageAnalysisRecord }) {
  return (
    <div className="admin-detail">
      {record.simulated ? <p className="form-notice">Simulated (demo mode): these readings came from the model simulator, not real models.</p> : null}
      <RecordMeta
        items={[
          ['Email', <a href={`mailto:${record.email}`}>{record.email}</a>],
          ['All records', <PersonLink email={record.email}>Every record of this address</PersonLink>],
          ['Image', describeImage(record.image)],
          ['Submitted', formatDateTime(record.createdAt)],
          ['Suggested alt text', record.altText],
        ]}
      />
      {record.disagreement ? (
        <DetailSection title="Disagreement">
          <p className="admin-detail-text">{record.disagreement}</p>
        </DetailSection>
      ) : null}
      {IMAGE_MODELS.map(({ key, label }) => {
        const reading = record.models[key];
        return (
          <DetailSection key={key} title={label}>
            {!reading ? (
              <p className="empty-state">Nothing stored for this model.</p>
            ) : reading.error ? (
              <p className="empty-state">{reading.error}</p>
            ) : (
              <RecordMeta
                items={[
                  ['Product', reading.product],
                  ['Label text', reading.labelText?.length ? reading.labelText.join(' · ') : 'None legible'],
                  [
                    'Findings',
                    reading.findings?.length ? (
                      <ul className="admin-detail-list">
                        {reading.findings.map((finding, index) => (
                          <li key={index}>{finding}</li>
                        ))}
                      </ul>
                    ) : null,
                  ],
                  ['Alt text', reading.altText],
                ]}
              />
            )}
          </DetailSection>
        );
      })}
      <DetailSection title="Main-image checks">
        {record.mainImageChecks.length === 0 ? (
          <p className="empty-state">No checks stored.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Check</th>
                  <th scope="col">Result</th>
                  <th scope="col">Measured</th>
                  <th scope="col">Rule</th>
                </tr>
              </thead>
              <tbody>
                {record.mainImageChecks.map((check) => (
                  <tr key={check.id}>
                    <td>{check.label}</td>
                    <td>
                      <span className={`badge ${check.pass ? 'badge-check-pass' : 'badge-check-fail'}`}>{check.pass ? 'Pass' : 'Fail'}</span>
                    </td>
                    <td>{check.figure}</td>
                    <td>{check.rule}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DetailSection>
    </div>
  );
}
