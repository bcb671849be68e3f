import { AlertDialog } from 'radix-ui';
import { useReturnFocus } from './return-focus';

interface ConfirmDeleteProps {
  /** 'blog post', 'category', ... */
  noun: string;
  name: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDeleteDialog({ noun, name, busy, error, onConfirm, onCancel }: ConfirmDeleteProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog admin-dialog-small" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="admin-dialog-title">Delete this {noun}?</AlertDialog.Title>
          <AlertDialog.Description className="admin-confirm-text">
            “{name}” will be deleted permanently. This cannot be undone.
          </AlertDialog.Description>
          {error ? (
            <p className="admin-form-error" role="alert">
              {error}
            </p>
          ) : null}
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
