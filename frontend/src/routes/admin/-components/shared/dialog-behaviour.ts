import { useState } from 'react';

/** What every admin dialog shows of its request. */
export interface DialogRequestState {
  busy: boolean;
  /** Why the last request failed (the server's words); the dialog stays open to show it. */
  error: string | null;
}

/**
 * What the admin dialogs share. They are open while mounted and have no Radix Trigger (they open
 * from list buttons): Escape and the overlay close them unless a request is running, and on close
 * they hand focus back to the element that opened them.
 */
export function useAdminDialog(busy: boolean, onClose: () => void) {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return {
    rootProps: {
      open: true,
      onOpenChange: (open: boolean) => {
        if (!open && !busy) onClose();
      },
    },
    contentProps: {
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        if (opener?.isConnected) opener.focus();
      },
    },
  };
}
