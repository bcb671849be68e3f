import { isValidEmail, type PersonRecords } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { adminPersonQuery } from '../../../../api/admin-queries';
import { formatDateTime, SUBSCRIBER_SOURCE_LABELS } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { AuditRecordDialog } from '../tool-records/audit-record-dialog';
import { ContactMessageDialog } from './contact-message-dialog';
import { ContactStatusBadge } from './contact-status-badge';
import { ErasePersonDialog, erasurePreview } from './erase-person-dialog';
import { SemanticExpansionRecordDialog } from '../tool-records/semantic-expansion-record-dialog';
import { ImageAnalysisDialog } from '../tool-records/image-analysis-dialog';
import { imageProducts } from '../tool-records/image-analysis-summaries';
import { PersonEmails } from './person-emails';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { summariseSemanticExpansionResults } from '../tool-records/tool-record-summaries';

/** One record in the person view: a heading, its words, details, and the dialog that opens it in full. */
interface PersonEntry {
  key: string;
  title: string;
  text?: string;
  badges?: ReactNode;
  meta: [label: string, value: ReactNode][];
  detail?: (onClose: () => void) => ReactNode;
}

/** A kind of record the person view lists; a new kind is one more entry in PERSON_SECTIONS. */
interface PersonSection {
  kind: string;
  title: string;
  empty: string;
  entries: (person: PersonRecords) => PersonEntry[];
}

export const PERSON_SECTIONS: PersonSection[] = [
  {
    kind: 'contact-messages',
    title: 'Contact messages',
    empty: 'No contact messages.',
    entries: (person) =>
      person.contactMessages.map((message) => ({
        key: String(message.id),
        title: `Message #${message.id}`,
        text: message.message,
        badges: <ContactStatusBadge status={message.status} />,
        meta: [
          ['Name', message.name],
          ['Company', message.company],
          ['Received', formatDateTime(message.createdAt)],
        ],
        detail: (onClose) => <ContactMessageDialog id={message.id} onClose={onClose} onDeleted={onClose} />,
      })),
  },
  {
    kind: 'audits',
    title: 'AI Search Audits (LLM Queries)',
    empty: 'No audits.',
    entries: (person) =>
      person.auditRecords.map((record) => ({
        key: String(record.id),
        title: `Query #${record.id}`,
        text: record.query,
        meta: [
          ['Brand', record.brand],
          ['Website', record.website],
          ['Submitted', formatDateTime(record.createdAt)],
        ],
        detail: (onClose) => <AuditRecordDialog id={record.id} onClose={onClose} />,
      })),
  },
  {
    kind: 'semantic-expansion',
    title: 'Semantic Expansion requests',
    empty: 'No Semantic Expansion requests.',
    entries: (person) =>
      person.fanOutRecords.map((record) => {
        const summary = summariseSemanticExpansionResults(record.results);
        return {
          key: String(record.id),
          title: `Request #${record.id}`,
          text: record.keyword,
          meta: [
            ['Website', record.website],
            ['Queries', summary ? String(summary.variations) : null],
            ['Submitted', formatDateTime(record.createdAt)],
          ],
          detail: (onClose) => <SemanticExpansionRecordDialog id={record.id} onClose={onClose} />,
        };
      }),
  },
  {
    kind: 'image-analyses',
    title: 'Image analyses',
    empty: 'No image analyses.',
    entries: (person) =>
      person.imageAnalyses.map((record) => ({
        key: String(record.id),
        title: `Analysis #${record.id}`,
        text: imageProducts(record) || 'No model read the product.',
        meta: [['Submitted', formatDateTime(record.createdAt)]],
        detail: (onClose) => <ImageAnalysisDialog id={record.id} onClose={onClose} />,
      })),
  },
  {
    kind: 'crawler-log-analyses',
    title: 'Crawler log analyses',
    empty: 'No crawler log analyses.',
    entries: (person) =>
      (person.crawlerLogAnalyses ?? []).map((record) => ({
        key: String(record.id),
        title: `Log analysis #${record.id}`,
        text: `${record.fileName ?? 'Log'}: ${record.report.lines.toLocaleString('en-GB')} requests, ${record.report.aiRequests.toLocaleString('en-GB')} from AI crawlers`,
        meta: [['Submitted', formatDateTime(record.createdAt)]],
      })),
  },
  {
    kind: 'subscriber',
    title: 'Marketing sign-up',
    empty: 'Not signed up.',
    entries: (person) =>
      person.subscriber
        ? [
            {
              key: person.subscriber.email,
              title: person.subscriber.unsubscribedAt ? 'Unsubscribed' : 'Subscribed',
              meta: [
                ['Source', SUBSCRIBER_SOURCE_LABELS[person.subscriber.source]],
                ['Consent given', formatDateTime(person.subscriber.consentAt)],
                ['Unsubscribed', person.subscriber.unsubscribedAt ? formatDateTime(person.subscriber.unsubscribedAt) : null],
              ],
            },
          ]
        : [],
  },
];

/** /admin/people?email=…: every record of one address on one page, and erasure with its counts shown first. */
export function PersonView({ email }: { email: string }) {
  const valid = isValidEmail(email);
  const person = useQuery({ ...adminPersonQuery(email), enabled: valid });
  const [open, setOpen] = useState<ReactNode>(null);
  const [erasing, setErasing] = useState(false);
  return (
    <section className="admin-panel admin-person" aria-labelledby="admin-person-title">
      <div className="admin-panel-head">
        <div className="admin-panel-title">
          <h2 id="admin-person-title" className="break-anywhere">
            Person: {email || 'no address'}
          </h2>
        </div>
        {person.data ? (
          <div className="admin-panel-actions">
            <button type="button" className="btn btn-secondary btn-small btn-danger-outline" onClick={() => setErasing(true)}>
              Erase this person&apos;s data
            </button>
          </div>
        ) : null}
      </div>
      <p className="admin-info">Every record this address left on the site, newest first. Addresses match in any case.</p>
      {!valid ? (
        <p role="alert">
          “{email}” is not an email address. Open a person from the email address on any record, or go back to{' '}
          <Link to="/admin/contact-messages">Contact Messages</Link>.
        </p>
      ) : null}
      {person.isPending && valid ? <p role="status">Loading this person&apos;s records...</p> : null}
      {person.isError ? <p role="alert">Could not load this person&apos;s records: {serverText(person.error)}</p> : null}
      {person.data
        ? PERSON_SECTIONS.map((section) => {
            const entries = section.entries(person.data);
            return (
              <section key={section.kind} className="admin-person-section" aria-labelledby={`person-${section.kind}`}>
                <h3 id={`person-${section.kind}`}>
                  {section.title} <span className="admin-person-count">{entries.length}</span>
                </h3>
                {entries.length === 0 ? <p className="empty-state">{section.empty}</p> : null}
                {entries.map((entry) => (
                  <RecordCard
                    key={entry.key}
                    title={entry.title}
                    badges={entry.badges}
                    actions={
                      entry.detail ? (
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-label={`Open ${entry.title}`}
                          onClick={() => setOpen(entry.detail!(() => setOpen(null)))}
                        >
                          Open
                        </button>
                      ) : null
                    }
                  >
                    {entry.text ? <p className="admin-record-text admin-record-quote">{entry.text}</p> : null}
                    <RecordMeta items={entry.meta} />
                  </RecordCard>
                ))}
              </section>
            );
          })
        : null}
      {person.data ? (
        <section className="admin-person-section" aria-labelledby="person-emails">
          <h3 id="person-emails">Emails sent</h3>
          <PersonEmails email={email} />
        </section>
      ) : null}
      {open}
      {erasing && person.data ? <ErasePersonDialog email={email} preview={erasurePreview(person.data)} onClose={() => setErasing(false)} /> : null}
    </section>
  );
}
