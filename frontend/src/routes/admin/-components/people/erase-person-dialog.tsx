import { isValidEmail, type ErasureReceipt, type PersonRecords } from '@agency/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { serverText } from '../shared/admin-resource';
import { RequestError } from '../shared/form-fields';
import { RecordDialog } from '../shared/record-dialog';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

function erasureParts(receipt: ErasureReceipt): string {
  const parts = [
    count(receipt.contactMessages, 'contact message', 'contact messages'),
    count(receipt.auditRecords, 'audit', 'audits'),
    count(receipt.fanOutRecords, 'fan-out request', 'fan-out requests'),
    count(receipt.imageAnalyses, 'image analysis', 'image analyses'),
    // Named only when there are some: the sentence stays as short as it was for people who never used the analyzer.
    ...(receipt.crawlerLogAnalyses > 0 ? [count(receipt.crawlerLogAnalyses, 'crawler log analysis', 'crawler log analyses')] : []),
  ];
  return `${parts.join(', ')} and ${receipt.subscriber ? 'the subscriber row' : 'no subscriber row'}`;
}

/** What an erasure removed, for the toast. */
export function erasureSummary(receipt: ErasureReceipt): string {
  return `Erased ${erasureParts(receipt)}.`;
}

/** What erasing this person would remove, counted from their records (the person view). */
export function erasurePreview(person: PersonRecords): ErasureReceipt {
  return {
    contactMessages: person.contactMessages.length,
    auditRecords: person.auditRecords.length,
    fanOutRecords: person.fanOutRecords.length,
    imageAnalyses: person.imageAnalyses.length,
    crawlerLogAnalyses: person.crawlerLogAnalyses.length,
    subscriber: person.subscriber !== null,
  };
}

/**
 * "Erase person": every contact message, tool record and the subscriber row of one address, deleted
 * together. From the person view the address is given and the dialog shows what will go first.
 */
export function ErasePersonDialog({ onClose, email: given, preview }: { onClose: () => void; email?: string; preview?: ErasureReceipt }) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(given ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: (address: string) => adminSend<ErasureReceipt>('POST', '/api/admin/erasures', { email: address }),
    onSuccess: async (receipt) => {
      toast({ title: 'Success', description: erasureSummary(receipt) });
      onClose();
      await queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    },
  });
  return (
    <RecordDialog
      title="Erase a person's data"
      description="Deletes every contact message, AI Search Audit, Semantic Expansion and AI Image Reader record, and the subscriber row, of one email address. This cannot be undone; the activity log records that an erasure happened, not whose."
      busy={erase.isPending}
      onClose={onClose}
    >
      <form
        className="form admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          if (!isValidEmail(address)) {
            setProblem('Enter the email address to erase, such as name@example.com.');
            input.current?.focus();
            return;
          }
          setProblem(null);
          erase.mutate(address);
        }}
      >
        {preview ? (
          <p className="admin-erasure-preview" role="note">
            Erasing <strong className="break-anywhere">{email}</strong> deletes {erasureParts(preview)}.
          </p>
        ) : null}
        {preview ? null : (
          <div className="field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input
              ref={input}
              id={`${id}-email`}
              className="input"
              type="email"
              value={email}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            {problem ? (
              <p id={`${id}-problem`} className="admin-field-error">
                {problem}
              </p>
            ) : null}
          </div>
        )}
        <RequestError message={erase.error ? serverText(erase.error) : null} />
        <div className="admin-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={erase.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={erase.isPending}>
            {erase.isPending ? 'Erasing...' : 'Erase permanently'}
          </button>
        </div>
      </form>
    </RecordDialog>
  );
}
