import type { SemanticExpansionRecord } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminSemanticExpansionRecordQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { OutLink, RecordMeta } from '../shared/record-card';
import { DetailSection, RecordDialog } from '../shared/record-dialog';
import { parseSemanticExpansionResults } from './tool-record-summaries';
import { PersonLink } from '../people/person-link';

/** One semantic expansion request as stored: the generated queries and the website's coverage of each. */
export function SemanticExpansionRecordDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const record = useQuery(adminSemanticExpansionRecordQuery(id));
  return (
    <RecordDialog title={`Request #${id}`} description="The full request as stored: every generated query and how the website covers it." onClose={onClose}>
      {record.isPending ? <p role="status">Loading the request...</p> : null}
      {record.isError ? <p role="alert">Could not load this request: {serverText(record.error)}</p> : null}
      {record.data ? <SemanticExpansionDetailView record={record.data} /> : null}
    </RecordDialog>
  );
}

function SemanticExpansionDetailView({ record }: { record: SemanticExpansionRecord }) {
  const detail = parseSemanticExpansionResults(record.results);
  return (
    <div className="admin-detail">
      <p className="admin-record-text admin-record-quote">{record.keyword}</p>
      <RecordMeta
        items={[
          ['Website', <OutLink href={record.website} />],
          ['Email', <a href={`mailto:${record.email}`}>{record.email}</a>],
          ['All records', <PersonLink email={record.email}>Every record of this address</PersonLink>],
          ['Submitted', formatDateTime(record.createdAt)],
        ]}
      />
      {!detail ? (
        <DetailSection title="Stored results">
          <p className="admin-detail-text">{record.results}</p>
        </DetailSection>
      ) : (
        <>
          {detail.fanOut.length ? (
            <DetailSection title="Fan-out">
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Query</th>
                      <th scope="col">Type</th>
                      <th scope="col">User intent</th>
                      <th scope="col">Format</th>
                      <th scope="col">Weight</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.fanOut.map((item, index) => (
                      <tr key={index}>
                        <td>{item.query}</td>
                        <td>{item.type}</td>
                        <td>{item.userIntent}</td>
                        <td>{item.routingFormat}</td>
                        <td>{item.weight}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </DetailSection>
          ) : detail.queries.length ? (
            <DetailSection title={`Generated queries (${detail.queries.length})`}>
              <ol className="admin-detail-list">
                {detail.queries.map((query, index) => (
                  <li key={index}>{query}</li>
                ))}
              </ol>
            </DetailSection>
          ) : null}
          <DetailSection title="Website coverage">
            {detail.notChecked ? (
              <p className="empty-state">
                Not checked: the website could not be read{detail.notChecked.warning ? ` (${detail.notChecked.warning})` : ''}, so no query was checked against it.
              </p>
            ) : detail.websiteAnalysis.length === 0 ? (
              <p className="empty-state">No website analysis stored.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Query</th>
                      <th scope="col">Covered</th>
                      <th scope="col">Page and passage</th>
                      <th scope="col">Suggestions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.websiteAnalysis.map((item, index) => (
                      <tr key={index}>
                        <td>{item.query}</td>
                        <td>{item.coverage ?? (item.found ? 'found' : 'not found')}</td>
                        <td>
                          {item.url ? <span className="admin-citation-url">{item.url}</span> : null}
                          {item.content ? <q>{item.content}</q> : null}
                        </td>
                        <td>{item.suggestions.join('; ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </DetailSection>
        </>
      )}
    </div>
  );
}
