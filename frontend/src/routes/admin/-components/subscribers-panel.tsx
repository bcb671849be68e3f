import type { MarketingSubscriber } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminSubscribersQuery } from '../../../api/admin-queries';
import { SUBSCRIBER_SOURCE_LABELS, formatDateTime } from './admin-format';
import { ListToolbar } from './list-toolbar';
import { RecordCard, RecordMeta } from './record-card';
import { RecordsPanel } from './records-panel';
import { useListControls } from './use-list-controls';
import { PersonLink } from './person-link';

/** Every marketing sign-up (forms and tools), with the CSV export for the mailing tool. */
export function SubscribersPanel() {
  const controls = useListControls();
  return (
    <RecordsPanel<MarketingSubscriber>
      title="Subscribers"
      result={useQuery(adminSubscribersQuery(controls.params))}
      controls={controls}
      countLabel={(total) => `${total.toLocaleString('en-GB')} Total Subscribers`}
      loadingText="Loading subscribers..."
      emptyText="No subscribers found. Everyone who gives an email address in a form or tool appears here."
      intro={
        <p className="admin-info">
          Everyone who gave an email address in the contact form, the newsletter box or a tool agreed to occasional marketing emails. The CSV holds
          each address with its source, consent time, unsubscribe state and personal unsubscribe link.
        </p>
      }
      toolbar={
        <ListToolbar
          controls={controls}
          searchLabel="Search subscribers"
          searchPlaceholder="Email"
          sorts={[
            ['newest', 'Newest first'],
            ['oldest', 'Oldest first'],
            ['email', 'Email A–Z'],
          ]}
          exportCsv={{ path: '/api/admin/subscribers/export', fileName: 'subscribers.csv', label: 'Export CSV' }}
        />
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
              ['All records', <PersonLink email={subscriber.email}>Every record of this address</PersonLink>],
            ]}
          />
        </RecordCard>
      )}
    />
  );
}
