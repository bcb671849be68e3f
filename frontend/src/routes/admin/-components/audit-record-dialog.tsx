import type { AuditRecord } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminAuditRecordQuery } from '../../../api/admin-queries';
import { formatDateTime } from './admin-format';
import { serverText } from './admin-resource';
import { DetailSection, RecordDialog } from './record-dialog';
import { RecordMeta } from './record-card';
import { parseStoredAnswers, unlistedFields } from './tool-record-summaries';

const ENGINES: [key: 'openai' | 'claude' | 'gemini' | 'grok', label: string][] = [
  ['openai', 'ChatGPT'],
  ['claude', 'Claude'],
  ['gemini', 'Gemini'],
  ['grok', 'Grok'],
];

const KNOWN_FIELDS = ['id', 'query', 'brand', 'email', 'model', 'response', 'citations', 'searchQueries', 'grounded', 'usage', 'createdAt', 'reportId'];

/** One audit as stored: every engine's full answer, its sources and searches, usage, and the report page when the record has one. */
export function AuditRecordDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const record = useQuery(adminAuditRecordQuery(id));
  return (
    <RecordDialog title={`Query #${id}`} description="The full audit as stored: each engine's answer, the sources it cited and what it searched for." onClose={onClose}>
      {record.isPending ? <p role="status">Loading the audit...</p> : null}
      {record.isError ? <p role="alert">Could not load this audit: {serverText(record.error)}</p> : null}
      {record.data ? <AuditDetail record={record.data} /> : null}
    </RecordDialog>
  );
}

function AuditDetail({ record }: { record: AuditRecord & { reportId?: unknown } }) {
  const answers = parseStoredAnswers(record.response);
  const reportId = typeof record.reportId === 'string' && record.reportId ? record.reportId : null;
  const others = unlistedFields(record, KNOWN_FIELDS);
  return (
    <div className="admin-detail">
      <p className="admin-record-text admin-record-quote">{record.query}</p>
      <RecordMeta
        items={[
          ['Brand', record.brand],
          ['Email', <a href={`mailto:${record.email}`}>{record.email}</a>],
          ['Model', record.model],
          ['Submitted', formatDateTime(record.createdAt)],
          [
            'Report page',
            reportId ? (
              <a className="admin-out-link" href={`/ai-search-audit/report/${encodeURIComponent(reportId)}`} target="_blank" rel="noopener noreferrer">
                Open the report
              </a>
            ) : null,
          ],
        ]}
      />
      {answers.kind === 'text' ? (
        <DetailSection title="Stored response">
          <p className="admin-detail-text">{answers.text}</p>
        </DetailSection>
      ) : (
        ENGINES.map(([key, label]) => {
          const usage = record.usage?.[key];
          const citations = record.citations?.[key] ?? [];
          const searches = record.searchQueries?.[key] ?? [];
          const grounded = record.grounded?.[key];
          return (
            <DetailSection key={key} title={label}>
              {answers.answers[key] ? <p className="admin-detail-text">{answers.answers[key]}</p> : <p className="empty-state">No answer stored (an error, or the engine was unavailable).</p>}
              <RecordMeta
                items={[
                  ['Searched the web', grounded === undefined ? null : grounded ? 'Yes' : 'No, answered from memory'],
                  ['Searched for', searches.length ? searches.join('; ') : null],
                  ['Tokens', usage ? `${usage.inputTokens.toLocaleString('en-GB')} in, ${usage.outputTokens.toLocaleString('en-GB')} out` : null],
                  ['Web searches billed', usage ? String(usage.searches) : null],
                ]}
              />
              {citations.length ? (
                <ol className="admin-citations">
                  {citations.map((citation, index) => (
                    // Text, never links: these come from model output.
                    <li key={index}>
                      <span className="admin-citation-title">{citation.title || 'Untitled'}</span> <span className="admin-citation-url">{citation.url}</span>
                      {citation.citedText ? <> <q>{citation.citedText}</q></> : null}
                    </li>
                  ))}
                </ol>
              ) : null}
            </DetailSection>
          );
        })
      )}
      {others.length ? (
        <DetailSection title="Other stored fields">
          <RecordMeta items={others.map(([name, value]): [string, string] => [name, value])} />
        </DetailSection>
      ) : null}
    </div>
  );
}
