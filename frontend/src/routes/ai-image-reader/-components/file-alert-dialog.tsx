import { AlertDialog } from 'radix-ui';

interface FileAlertDialogProps {
  title: string;
  text: string;
  onClose: () => void;
}

/** The image reader's "alert" (SPEC §5) as an accessible modal: focus moves to OK and returns to the picker. */
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
            <AlertDialog.Action className="btn btn-primary btn-small">OK</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
