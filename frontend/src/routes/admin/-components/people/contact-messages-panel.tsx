import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactBulkAction, ContactMessage } from '@agency/shared';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { ADMIN_QUERY_ROOT, adminContactMessagesQuery } from '../../../../api/admin-queries';
import { adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { ContactMessageDialog } from './contact-message-dialog';
import { ContactStatusBadge } from './contact-status-badge';
import { useAdminDialog } from '../shared/dialog-behaviour';
import { RequestError } from '../shared/form-fields';
import { CONTACT_STATUS_FILTER, NEWEST_OLDEST } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';
import { PersonLink } from './person-link';

const BULK: Record<ContactBulkAction, { label: string; question: (count: string) => string; done: (count: string) => string; busy: string }> = {
  'mark-handled': { label: 'Mark handled', question: (n) => `Mark ${n} handled?`, done: (n) => `Marked ${n} handled`, busy: 'Marking...' },
  archive: { label: 'Archive', question: (n) => `Archive ${n}?`, done: (n) => `Archived ${n}`, busy: 'Archiving...' },
  delete: { label: 'Delete', question: (n) => `Delete ${n} permanently?`, done: (n) => `Deleted ${n}`, busy: 'Deleting...' },
};

const messages = (count: number) => (count === 1 ? '1 message' : `${count.toLocaleString('en-GB')} messages`);

/** The lead inbox: find, read, mark handled, archive, delete and export what visitors sent through the contact form. */
export function ContactMessagesPanel() {
  const controls = useListControls();
  const result = useQuery(adminContactMessagesQuery(controls.params));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<ContactBulkAction | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const pageIds = result.data?.items.map((message) => message.id) ?? [];
  const chosen = pageIds.filter((id) => selected.has(id));

  const bulk = useMutation({
    mutationFn: (action: ContactBulkAction) => adminSend<{ affected: number }>('POST', '/api/admin/contact-messages/bulk', { action, ids: chosen }),
    onSuccess: async ({ affected }, action) => {
      toast({ title: 'Success', description: BULK[action].done(messages(affected)) });
      setConfirming(null);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'contact-messages'] });
    },
  });

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = pageIds.length > 0 && chosen.length === pageIds.length;

  return (
    <>
      <RecordsPanel<ContactMessage>
        title="Contact Messages"
        result={result}
        controls={controls}
        countLabel={(total) => `${total.toLocaleString('en-GB')} Total Messages`}
        loadingText="Loading messages..."
        emptyText="No messages found. They appear here when visitors send the contact form."
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search messages"
            searchPlaceholder="Email, name, company or text"
            filters={[CONTACT_STATUS_FILTER]}
            dateRange
            sorts={NEWEST_OLDEST}
            exportCsv={{ path: '/api/admin/contact-messages/export', fileName: 'contact-messages.csv', label: 'Export CSV' }}
          />
        }
        actions={
          pageIds.length > 0 ? (
            <div className="admin-bulk-bar">
              <label className="admin-check">
                <input type="checkbox" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(pageIds))} /> Select all on this page
              </label>
              <span aria-live="polite">{chosen.length ? `${messages(chosen.length)} selected` : ''}</span>
              {(Object.keys(BULK) as ContactBulkAction[]).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={action === 'delete' ? 'btn btn-secondary btn-small btn-danger-outline' : 'btn btn-secondary btn-small'}
                  disabled={chosen.length === 0}
                  onClick={() => {
                    bulk.reset();
                    setConfirming(action);
                  }}
                >
                  {BULK[action].label}
                </button>
              ))}
            </div>
          ) : null
        }
        renderRecord={(message) => (
          <RecordCard
            key={message.id}
            title={`Message #${message.id}`}
            leading={
              <input
                type="checkbox"
                className="admin-record-select"
                checked={selected.has(message.id)}
                onChange={() => toggle(message.id)}
                aria-label={`Select message #${message.id}`}
              />
            }
            badges={<ContactStatusBadge status={message.status} />}
            actions={
              <button type="button" className="btn btn-secondary btn-small" aria-label={`Open message #${message.id}`} onClick={() => setOpen(message.id)}>
                Open
              </button>
            }
          >
            <RecordMeta
              items={[
                ['Name', message.name],
                ['Email', <PersonLink email={message.email} />],
                ['Company', message.company],
                ['Submitted', formatDateTime(message.createdAt)],
              ]}
            />
            <p className="admin-record-text admin-message">{message.message}</p>
            {message.note ? <p className="admin-note">Note: {message.note}</p> : null}
          </RecordCard>
        )}
      />
      {confirming ? (
        <ConfirmBulkDialog
          question={BULK[confirming].question(messages(chosen.length))}
          label={BULK[confirming].label}
          busyLabel={BULK[confirming].busy}
          danger={confirming === 'delete'}
          busy={bulk.isPending}
          error={bulk.error ? serverText(bulk.error) : null}
          onConfirm={() => bulk.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {open !== null ? (
        <ContactMessageDialog
          id={open}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            setOpen(null);
            setSelected((current) => new Set([...current].filter((id) => id !== open)));
          }}
        />
      ) : null}
    </>
  );
}

function ConfirmBulkDialog(props: {
  question: string;
  label: string;
  busyLabel: string;
  danger: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { rootProps, contentProps } = useAdminDialog(props.busy, props.onCancel);
  return (
    <AlertDialog.Root {...rootProps}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog admin-dialog-small" {...contentProps}>
          <AlertDialog.Title className="admin-dialog-title">{props.question}</AlertDialog.Title>
          <AlertDialog.Description className="admin-confirm-text">
            {props.danger ? 'The messages will be deleted permanently. This cannot be undone.' : 'You can change a message’s status again from its detail panel.'}
          </AlertDialog.Description>
          <RequestError message={props.error} />
          <div className="admin-dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={props.busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" className={props.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={props.onConfirm} disabled={props.busy}>
              {props.busy ? props.busyLabel : props.label}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
