import { useBlocker } from '@tanstack/react-router';
import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export type SaveStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string } | { kind: 'waiting'; message: string };

/** The editor's status line, announced politely to screen readers. */
export function SaveStatusText({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  const text =
    status.kind === 'saving'
      ? 'Saving...'
      : status.kind === 'failed'
        ? `Not saved: ${status.message}`
        : status.kind === 'waiting'
          ? status.message
          : dirty
            ? 'Unsaved changes'
            : status.kind === 'saved'
              ? `Saved at ${status.at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`
              : 'No changes';
  return (
    <p className={`editor-status${status.kind === 'failed' ? ' editor-status-failed' : ''}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * Saves a draft a moment after the writer stops typing. `save` is the latest version of the save
 * (a ref, so the timer never calls a stale one); `enabled` is false while the post is live, where
 * only the explicit button publishes a change.
 */
export function useAutosave(key: string, enabled: boolean, save: () => Promise<void>, delayMs = 1500): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => void latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [key, enabled, delayMs]);
}

/**
 * Asks before leaving with unsaved changes: a dialog for moves inside the site, and the browser's
 * own question when the tab is closed or reloaded (browsers allow no other wording there).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker({ shouldBlockFn: () => dirtyRef.current, enableBeforeUnload: () => dirtyRef.current, withResolver: true });
  return (
    <AlertDialog.Root open={blocker.status === 'blocked'}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog editor-small-dialog">
          <AlertDialog.Title className="admin-dialog-title">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="form-notice">Your latest changes have not been saved yet. If you leave now, they are lost.</AlertDialog.Description>
          <div className="admin-dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary" onClick={() => blocker.reset?.()}>
              Stay and keep editing
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-danger" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Page frame of the full editors: a sticky action bar, the form and the live preview side by side. */
export function EditorLayout({ heading, actions, form, preview }: { heading: ReactNode; actions: ReactNode; form: ReactNode; preview: ReactNode }) {
  const [showPreview, setShowPreview] = useState(true);
  return (
    <section className="editor-page">
      <div className="editor-bar">
        <div className="editor-bar-inner">
          {heading}
          <div className="editor-actions">
            <button type="button" className="btn btn-secondary btn-small editor-preview-toggle" aria-pressed={showPreview} onClick={() => setShowPreview((shown) => !shown)}>
              {showPreview ? 'Hide live preview' : 'Show live preview'}
            </button>
            {actions}
          </div>
        </div>
      </div>
      <div className={`editor-columns${showPreview ? '' : ' editor-columns-single'}`}>
        <div className="editor-form-column">{form}</div>
        {showPreview ? (
          <aside className="editor-preview" aria-label="Live preview">
            <p className="editor-preview-label">Live preview</p>
            <div className="editor-preview-frame">{preview}</div>
          </aside>
        ) : null}
      </div>
    </section>
  );
}
