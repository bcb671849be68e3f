import { Toast } from 'radix-ui';
import { CloseIcon } from '../icons';
import { dismissToast, useToasts } from './toast-store';

/** Toasts are shown for 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The Radix toast region; loaded with the first toast (see toaster.tsx). */
export default function ToastRegion() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={item.variant === 'destructive' ? 'toast toast-destructive' : 'toast'}
        >
          <div className="toast-text">
            <Toast.Title className="toast-title">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="toast-description">{item.description}</Toast.Description> : null}
          </div>
          {item.action ? (
            <Toast.Action className="toast-action" altText={item.action.altText} onClick={item.action.onClick}>
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className="toast-close" aria-label="Close">
            <CloseIcon />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  );
}
