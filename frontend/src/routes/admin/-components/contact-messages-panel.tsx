import { useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@agency/shared';
import { adminContactMessagesQuery } from '../../../api/admin-queries';
import { formatDateTime } from './admin-format';
import { RecordCard, RecordMeta } from './record-card';
import { RecordsPanel } from './records-panel';

export function ContactMessagesPanel() {
  return (
    <RecordsPanel<ContactMessage>
      title="Contact Messages"
      result={useQuery(adminContactMessagesQuery())}
      countLabel={(records) => `${records.length} Total Messages`}
      loadingText="Loading messages..."
      emptyText="No messages yet. They appear here when visitors send the contact form."
      renderRecord={(message) => (
        <RecordCard key={message.id} title={`Message #${message.id}`}>
          <RecordMeta
            items={[
              ['Name', message.name],
              ['Email', <a href={`mailto:${message.email}`}>{message.email}</a>],
              ['Company', message.company],
              ['Submitted', formatDateTime(message.createdAt)],
            ]}
          />
          <p className="admin-record-text admin-message">{message.message}</p>
        </RecordCard>
      )}
    />
  );
}
