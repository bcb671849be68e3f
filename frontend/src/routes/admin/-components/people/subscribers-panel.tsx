import type { MarketingSubscriber } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminSubscribersQuery } from '../../../../api/admin-queries';
import { SUBSCRIBER_SOURCE_LABELS, formatDateTime } from '../shared/admin-format';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';
import { PersonLink } from './person-link';

const SUBSCRIBER_STATUS_BADGES: Record<MarketingSubscriber['status'], [className: string, label: string]> = {
  pending: ['badge badge-draft', 'Awaiting confirmation'],
  confirmed: ['badge badge-published', 'Subscribed'],
  unsubscribed: ['badge badge-draft', 'Unsubscribed'],
};

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
          Everyone who gave an email address in the contact form, the newsletter box or a tool. An address counts as subscribed only once it
          followed the link in its confirmation email; unconfirmed sign-ups are removed after 7 days. The CSV holds the confirmed addresses only,
          each with its source, consent time and personal unsubscribe link.
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
          badges={<span className={SUBSCRIBER_STATUS_BADGES[subscriber.status][0]}>{SUBSCRIBER_STATUS_BADGES[subscriber.status][1]}</span>}
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
