import type { MarketingSubscriber } from '@agency/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminSubscribersQuery } from '../../../api/admin-queries';
import { adminDownload } from '../../../api/admin-session';
import { SUBSCRIBER_SOURCE_LABELS, formatDateTime } from './admin-format';
import { DownloadIcon } from './admin-icons';
import { errorToast, serverText } from './admin-resource';
import { RecordCard, RecordMeta } from './record-card';
import { RecordsPanel } from './records-panel';

function countLabel(subscribers: MarketingSubscriber[]): string {
  const active = subscribers.filter((subscriber) => subscriber.unsubscribedAt === null).length;
  return `${subscribers.length} Total Subscribers · ${active} subscribed`;
}

/** Every marketing sign-up (forms and tools), with the CSV export for the mailing tool. */
export function SubscribersPanel() {
  const exportCsv = useMutation({
    mutationFn: () => adminDownload('/api/admin/subscribers/export', 'subscribers.csv'),
    onError: (error) => errorToast(`Failed to export subscribers: ${serverText(error)}`),
  });
  return (
    <RecordsPanel<MarketingSubscriber>
      title="Subscribers"
      result={useQuery(adminSubscribersQuery())}
      countLabel={countLabel}
      loadingText="Loading subscribers..."
      emptyText="No subscribers yet. Everyone who gives an email address in a form or tool appears here."
      intro={
        <div className="admin-info admin-info-row">
          <p>
            Everyone who gave an email address in the contact form, the newsletter box or a tool agreed to occasional marketing emails. The CSV
            holds each address with its source, consent time, unsubscribe state and personal unsubscribe link.
          </p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
            <DownloadIcon /> {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      }
      renderRecord={(subscriber) => (
        <RecordCard
          key={subscriber.email}
          title={subscriber.email}
          badges={
            subscriber.unsubscribedAt ? <span className="badge badge-draft">Unsubscribed</span> : <span className="badge badge-published">Subscribed</span>
          }
        >
          <RecordMeta
            items={[
              ['Source', SUBSCRIBER_SOURCE_LABELS[subscriber.source] ?? subscriber.source],
              ['Consent given', formatDateTime(subscriber.consentAt)],
              ['Unsubscribed', subscriber.unsubscribedAt ? formatDateTime(subscriber.unsubscribedAt) : null],
            ]}
          />
        </RecordCard>
      )}
    />
  );
}
