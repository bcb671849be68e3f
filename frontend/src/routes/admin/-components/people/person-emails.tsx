import type { OutboxEmail } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminEmailsQuery } from '../../../../api/admin-email-queries';
import { formatDateTime } from '../shared/admin-format';

const STATUS_LABELS: Record<OutboxEmail['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

/** What was sent to or about one address (emails, staff alerts, webhook deliveries), for a lead's record or the person view. */
export function PersonEmails({ email }: { email: string }) {
  const result = useQuery(adminEmailsQuery({ q: email, limit: 50, offset: 0 }));
  if (result.isPending) {
    return (
      <p className="admin-status" role="status">
        Loading emails...
      </p>
    );
  }
  if (result.isError) return <p className="admin-status">The emails could not be loaded.</p>;
  if (result.data.items.length === 0) return <p className="admin-status">Nothing has been sent to or about this address.</p>;
  return (
    <ul className="admin-person-emails">
      {result.data.items.map((item) => (
        <li key={item.id}>
          <strong>{item.subject}</strong> to {item.to}: {STATUS_LABELS[item.status]}
          {item.sentAt ? `, ${formatDateTime(item.sentAt)}` : `, written ${formatDateTime(item.createdAt)}`}
          {item.error ? ` (${item.error})` : ''}
        </li>
      ))}
    </ul>
  );
}
