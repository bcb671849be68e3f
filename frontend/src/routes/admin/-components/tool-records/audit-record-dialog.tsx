import type { AuditCitation, AuditRecord } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminAuditRecordQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { DetailSection, RecordDialog } from '../shared/record-dialog';
import { RecordMeta } from '../shared/record-card';
import { engineModels, parseStoredAnswers, unlistedFields, visibilitySummary } from './tool-record-summaries';
import { PersonLink } from '../people/person-link';

const ENGINES: [key: 'openai' | 'claude' | 'gemini' | 'grok', label: string][] = [
  ['openai', 'ChatGPT'],
  ['claude', 'Claude'],
  ['gemini', 'Gemini'],
  ['grok', 'Grok'],
];

const KNOWN_FIELDS = ['id', 'query', 'brand', 'email', 'model', 'response', 'citations', 'searchQueries', 'grounded', 'usage', 'createdAt', 'reportId', 'website', 'runs', 'runAnswers', 'visibility', 'models', 'simulated'];

/** One audit as stored: the worker's visibility figures, every answer of every engine with its sources, each engine's model, usage, and the report page. */
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
          ['Website', record.website],
          ['Email', <a href={`mailto:${record.email}`}>{record.email}</a>],
          ['All records', <PersonLink email={record.email}>Every record of this address</PersonLink>],
          [Object.keys(record.models ?? {}).length > 1 ? 'Models' : 'Model', engineModels(record)],
          ['Answers per engine', record.runs > 1 ? String(record.runs) : null],
          ['Answered by', record.simulated ? 'The model simulator (demo mode): simulated answers' : null],
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
      {record.visibility ? (
        <DetailSection title="Visibility">
          <p className="admin-detail-text">{visibilitySummary(record.visibility)}</p>
          <RecordMeta
            items={ENGINES.map(([key, label]): [string, string | null] => {
              const engine = record.visibility?.engines[key];
              return [label, engine ? `${engine.mentionedIn} of ${engine.answers} answers` : null];
            })}
          />
        </DetailSection>
      ) : record.brand ? null : (
        <DetailSection title="Visibility">
          <p className="empty-state">No brand was given, so no visibility was measured.</p>
        </DetailSection>
      )}
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
          const runs = record.runAnswers?.[key] ?? [];
          return (
            <DetailSection key={key} title={label}>
              {runs.length > 1 ? (
                runs.map((run, index) => (
                  <div key={index} className="admin-run-answer">
                    <h4>
                      Answer {index + 1} of {runs.length}
                    </h4>
                    <p className="admin-detail-text">{run.text}</p>
                    <Citations citations={run.citations} />
                  </div>
                ))
              ) : answers.answers[key] ? (
                <p className="admin-detail-text">{answers.answers[key]}</p>
              ) : (
                <p className="empty-state">No answer stored (an error, or the engine was unavailable).</p>
              )}
              <RecordMeta
                items={[
                  ['Model', record.models?.[key] ?? null],
                  ['Searched the web', grounded === undefined ? null : grounded ? 'Yes' : 'No, answered from memory'],
                  ['Searched for', searches.length ? searches.join('; ') : null],
                  ['Tokens', usage ? `${usage.inputTokens.toLocaleString('en-GB')} in, ${usage.outputTokens.toLocaleString('en-GB')} out` : null],
                  ['Web searches billed', usage ? String(usage.searches) : null],
                ]}
              />
              {runs.length > 1 ? null : <Citations citations={citations} />}
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

/** The pages an answer cited, as text (never links: they come from model output). */
function Citations({ citations }: { citations: AuditCitation[] }) {
  if (!citations.length) return null;
  return (
    <ol className="admin-citations">
      {citations.map((citation, index) => (
        <li key={index}>
          <span className="admin-citation-title">{citation.title || 'Untitled'}</span> <span className="admin-citation-url">{citation.url}</span>
          {citation.citedText ? <> <q>{citation.citedText}</q></> : null}
        </li>
      ))}
    </ol>
  );
}
