import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-store';

const ToastRegion = lazy(() => import('./toast-region'));

/**
 * Toasts only follow a visitor's action, so their UI (Radix Toast) is fetched with the first one
 * rather than with every page; once loaded the region stays, so F8 keeps working.
 */
export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (hasToasts) setWanted(true);
  }, [hasToasts]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
