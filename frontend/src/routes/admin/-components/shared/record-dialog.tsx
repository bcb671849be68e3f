import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from '../../../../components/icons';
import { useAdminDialog } from './dialog-behaviour';

/** The detail panel of one stored record: everything it holds, in a dialog that scrolls (Radix: focus trap, Escape). */
export function RecordDialog({ title, description, busy = false, onClose, children }: { title: string; description: string; busy?: boolean; onClose: () => void; children: ReactNode }) {
  const { rootProps, contentProps } = useAdminDialog(busy, onClose);
  return (
    <Dialog.Root {...rootProps}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog admin-dialog-wide" {...contentProps}>
          <div className="admin-dialog-head">
            <Dialog.Title className="admin-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close" disabled={busy}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="form-notice">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A titled part of a detail panel. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-detail-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}
