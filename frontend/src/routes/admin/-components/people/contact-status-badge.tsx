import type { ContactStatus } from '@agency/shared';

const STATUS_LABELS: Record<ContactStatus, string> = { new: 'New', handled: 'Handled', archived: 'Archived' };

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <span className={`badge badge-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
