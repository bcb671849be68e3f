import { AlertDialog } from 'radix-ui';
import { type DialogRequestState, useAdminDialog } from './dialog-behaviour';
import { RequestError } from './form-fields';

interface ConfirmDeleteProps extends DialogRequestState {
  /** 'blog post', 'category', ... */
  noun: string;
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDeleteDialog({ noun, name, busy, error, onConfirm, onCancel }: ConfirmDeleteProps) {
  const { rootProps, contentProps } = useAdminDialog(busy, onCancel);
  return (
    <AlertDialog.Root {...rootProps}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog admin-dialog-small" {...contentProps}>
          <AlertDialog.Title className="admin-dialog-title">Delete this {noun}?</AlertDialog.Title>
          <AlertDialog.Description className="admin-confirm-text">
            “{name}” will be deleted permanently. This cannot be undone.
          </AlertDialog.Description>
          <RequestError message={error} />
          <div className="admin-dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
