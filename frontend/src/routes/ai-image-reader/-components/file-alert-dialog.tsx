import { AlertDialog } from 'radix-ui';

interface FileAlertDialogProps {
  title: string;
  text: string;
  onClose: () => void;
}

/** The image reader's file alert (too large, wrong type) as an accessible modal; OK is its Cancel, so Radix focuses it on open. */
export default function FileAlertDialog({ title, text, onClose }: FileAlertDialogProps) {
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-small">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-text">{text}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-primary btn-small">OK</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
