import { CONTACT_NOTE_MAX_CHARS, type ContactMessage, type ContactStatus } from '@agency/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ADMIN_QUERY_ROOT, adminContactMessageQuery } from '../../../../api/admin-queries';
import { adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { formatDateTime } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { ContactStatusBadge } from './contact-status-badge';
import { RequestError } from '../shared/form-fields';
import { RecordMeta } from '../shared/record-card';
import { PersonEmails } from './person-emails';
import { DetailSection, RecordDialog } from '../shared/record-dialog';
import { PersonLink } from './person-link';

interface ContactMessageDialogProps {
  id: number;
  onClose: () => void;
  onDeleted: () => void;
}

/** One contact message in full, with its status, private note and delete. */
export function ContactMessageDialog({ id, onClose, onDeleted }: ContactMessageDialogProps) {
  const message = useQuery(adminContactMessageQuery(id));
  return (
    <RecordDialog title={`Message #${id}`} description="The message as sent, what staff have done with it and a private note the sender never sees." onClose={onClose}>
      {message.isPending ? <p role="status">Loading the message...</p> : null}
      {message.isError ? <p role="alert">Could not load this message: {serverText(message.error)}</p> : null}
      {message.data ? <ContactMessageDetail key={message.data.updatedAt} message={message.data} onDeleted={onDeleted} /> : null}
    </RecordDialog>
  );
}

function ContactMessageDetail({ message, onDeleted }: { message: ContactMessage; onDeleted: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ContactStatus>(message.status);
  const [note, setNote] = useState(message.note ?? '');
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'contact-messages'] });

  const save = useMutation({
    mutationFn: () => adminSend<ContactMessage>('PATCH', `/api/admin/contact-messages/${message.id}`, { status, note }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Contact message updated successfully' });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => adminSend('DELETE', `/api/admin/contact-messages/${message.id}`),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Contact message deleted successfully' });
      onDeleted();
      await refresh();
    },
  });

  return (
    <div className="admin-detail">
      <RecordMeta
        items={[
          ['Status', <ContactStatusBadge status={message.status} />],
          ['Name', message.name],
          ['Email', <a href={`mailto:${message.email}`}>{message.email}</a>],
          ['All records', <PersonLink email={message.email}>Every record of this address</PersonLink>],
          ['Company', message.company],
          ['Submitted', formatDateTime(message.createdAt)],
          ['Last changed', formatDateTime(message.updatedAt)],
        ]}
      />
      <DetailSection title="Message">
        <p className="admin-detail-text">{message.message}</p>
      </DetailSection>
      <DetailSection title="Emails sent">
        <PersonEmails email={message.email} />
      </DetailSection>
      <form
        className="form admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} className="input" value={status} onChange={(event) => setStatus(event.target.value as ContactStatus)}>
            <option value="new">New</option>
            <option value="handled">Handled</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Private note</label>
          <textarea id={`${id}-note`} className="input admin-textarea-short" value={note} maxLength={CONTACT_NOTE_MAX_CHARS} onChange={(event) => setNote(event.target.value)} />
        </div>
        <RequestError message={save.error ? serverText(save.error) : null} />
        <div className="admin-dialog-actions">
          <button
            type="button"
            className="btn btn-secondary btn-danger-outline"
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            Delete
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      {deleting ? (
        <ConfirmDeleteDialog
          noun="contact message"
          name={`Message #${message.id}`}
          busy={remove.isPending}
          error={remove.error ? serverText(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDeleting(false)}
        />
      ) : null}
    </div>
  );
}
