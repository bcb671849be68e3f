import type { OutboxEmail } from '@agency/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEmailsQuery, retryEmail } from '../../../../api/admin-email-queries';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { toast } from '../../../../components/toast/toast-store';
import { formatDateTime } from '../shared/admin-format';
import { errorToast, serverText } from '../shared/admin-resource';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';

const STATUS_BADGES: Record<OutboxEmail['status'], [className: string, label: string]> = {
  queued: ['badge badge-draft', 'Queued'],
  sent: ['badge badge-published', 'Sent'],
  failed: ['badge badge-check-fail', 'Failed'],
};

const KIND_LABELS: Record<string, string> = {
  'staff-contact': 'Staff alert: contact message',
  'staff-tool-lead': 'Staff alert: tool lead',
  'staff-digest': 'Staff alert: hourly digest',
  'contact-acknowledgement': 'Contact acknowledgement',
  'audit-report': 'AI Search Audit report',
  'fan-out-results': 'Semantic Expansion results',
  'subscription-confirm': 'Sign-up confirmation',
  'tracking-confirm': 'Tracking confirmation',
  'tracking-change': 'Tracked question: significant change',
  'tracking-summary': 'Tracked question: summary',
};

function kindLabel(email: OutboxEmail): string {
  if (email.channel === 'webhook') return `CRM webhook (${email.kind.replace(/^lead\./, '')})`;
  return KIND_LABELS[email.kind] ?? email.kind;
}

/** Everything the site sends: emails and CRM webhook deliveries, with their state and a retry for those not sent. */
export function EmailsPanel() {
  const controls = useListControls({ filters: { status: '', channel: '' } });
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: retryEmail,
    onSuccess: () => {
      toast({ title: 'Success', description: 'Queued to be sent again.' });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'emails'] });
    },
    onError: (error) => errorToast(`Failed to retry: ${serverText(error)}`),
  });
  return (
    <RecordsPanel<OutboxEmail>
      title="Emails"
      result={useQuery(adminEmailsQuery(controls.params))}
      controls={controls}
      countLabel={(total) => `${total.toLocaleString('en-GB')} Total`}
      loadingText="Loading emails..."
      emptyText="Nothing has been sent yet. Emails and CRM webhook deliveries appear here."
      intro={
        <p className="admin-info">
          Every email the site sends and every lead posted to the CRM webhook. Failed ones keep their error; Retry sends one again.
        </p>
      }
      toolbar={
        <ListToolbar
          controls={controls}
          searchLabel="Search emails"
          searchPlaceholder="Address, subject or kind"
          filters={[
            {
              name: 'status',
              label: 'Status',
              options: [
                ['', 'All'],
                ['queued', 'Queued'],
                ['sent', 'Sent'],
                ['failed', 'Failed'],
              ],
            },
            {
              name: 'channel',
              label: 'Type',
              options: [
                ['', 'All'],
                ['email', 'Emails'],
                ['webhook', 'Webhook deliveries'],
              ],
            },
          ]}
        />
      }
      renderRecord={(email) => {
        const [badgeClass, badgeLabel] = STATUS_BADGES[email.status];
        return (
          <RecordCard
            key={email.id}
            title={email.subject}
            badges={<span className={badgeClass}>{badgeLabel}</span>}
            actions={
              email.status === 'sent' ? null : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => retry.mutate(email.id)}
                  disabled={retry.isPending && retry.variables === email.id}
                  aria-label={`Retry: ${email.subject} to ${email.to}`}
                >
                  Retry
                </button>
              )
            }
          >
            <RecordMeta
              items={[
                ['To', email.to],
                ['Kind', kindLabel(email)],
                ['Created', formatDateTime(email.createdAt)],
                ['Sent', email.sentAt ? formatDateTime(email.sentAt) : null],
                ['Attempts', email.attempts > 0 ? String(email.attempts) : null],
                ['Error', email.error ?? null],
              ]}
            />
          </RecordCard>
        );
      }}
    />
  );
}
