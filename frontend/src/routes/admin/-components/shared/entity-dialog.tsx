import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { CloseIcon } from '../../../../components/icons';
import { type DialogRequestState, useAdminDialog } from './dialog-behaviour';
import { RequestError } from './form-fields';

interface EntityDialogProps extends DialogRequestState {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The create/edit dialog frame (Radix Dialog: focus trap, Escape, labelled for screen readers).
 * It is open while mounted; the browser checks required fields, URLs and number ranges first.
 */
export function EntityDialog({ title, submitLabel, busy, error, onSubmit, onClose, children }: EntityDialogProps) {
  const { rootProps, contentProps } = useAdminDialog(busy, onClose);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root {...rootProps}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog" {...contentProps}>
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
            <RequestError message={error} />
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
