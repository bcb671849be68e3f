import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons';
import { useReturnFocus } from './return-focus';

interface EntityDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** Why the last save failed (the server's words), shown in the dialog, which stays open. */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The create/edit dialog frame (Radix Dialog: focus trap, Escape, labelled for screen readers).
 * It is open while mounted; the browser checks required fields, URLs and number ranges first.
 */
export function EntityDialog({ title, submitLabel, busy, error, onSubmit, onClose, children }: EntityDialogProps) {
  const returnFocus = useReturnFocus();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog" onCloseAutoFocus={returnFocus}>
          <div className="admin-dialog-head">
            <Dialog.Title className="admin-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close" disabled={busy}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="form-notice">
            Fields marked <span className="required-mark">*</span> are required.
          </Dialog.Description>
          <form className="form admin-form" onSubmit={submit}>
            {children}
            {error ? (
              <p className="admin-form-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="admin-dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Saving...' : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
