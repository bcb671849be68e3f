import { useState } from 'react';

/**
 * Where focus goes when a dialog closes: the element that opened it. The dialogs here have no
 * Radix Trigger (they open from list buttons), so they hand focus back themselves.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (event) => {
    event.preventDefault();
    if (opener?.isConnected) opener.focus();
  };
}
