import { isValidEmail, type ErasureReceipt } from '@agency/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../api/admin-queries';
import { adminSend } from '../../../api/admin-session';
import { toast } from '../../../components/toast/toast-store';
import { serverText } from './admin-resource';
import { RequestError } from './form-fields';
import { RecordDialog } from './record-dialog';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

/** What an erasure removed, for the toast. */
export function erasureSummary(receipt: ErasureReceipt): string {
  const parts = [
    count(receipt.contactMessages, 'contact message', 'contact messages'),
    count(receipt.auditRecords, 'audit', 'audits'),
    count(receipt.fanOutRecords, 'fan-out request', 'fan-out requests'),
    count(receipt.imageAnalyses, 'image analysis', 'image analyses'),
  ];
  return `Erased ${parts.join(', ')} and ${receipt.subscriber ? 'the subscriber row' : 'no subscriber row'}.`;
}

/** "Erase person": every contact message, tool record and the subscriber row of one address, deleted together. */
export function ErasePersonDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
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
