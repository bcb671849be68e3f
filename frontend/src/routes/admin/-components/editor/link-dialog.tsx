import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { CloseIcon } from '../../../../components/icons';
import { BAD_LINK_TEXT, linkUrlFromPrompt } from './markup-wrapping';
import { describedBy, Field } from '../shared/form-fields';

/**
 * Asks for a link's address (and its text when nothing is selected) in a labelled dialog: focus is
 * trapped inside, Escape cancels, and the focus goes back to the text afterwards (the caller's onDone).
 */
export function LinkDialog({ open, selectedText, onInsert, onCancel }: { open: boolean; selectedText: string; onInsert: (url: string, text: string) => void; onCancel: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog editor-small-dialog">
          {open ? <LinkForm selectedText={selectedText} onInsert={onInsert} onCancel={onCancel} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ selectedText, onInsert, onCancel }: { selectedText: string; onInsert: (url: string, text: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [text, setText] = useState(selectedText);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    // The dialog sits in a portal, but React passes its submit up to the editor's form: stop it here.
    event.preventDefault();
    event.stopPropagation();
    const address = linkUrlFromPrompt(url);
    if (!address) {
      setError(url.trim() ? BAD_LINK_TEXT : 'Enter the address the link goes to.');
      document.getElementById('link-url')?.focus();
      return;
    }
    onInsert(address, text.trim());
  };
  return (
    <>
      <div className="admin-dialog-head">
        <Dialog.Title className="admin-dialog-title">Insert link</Dialog.Title>
        <Dialog.Close className="icon-button" aria-label="Close">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="form-notice">Links to other sites open in a new tab; site paths such as /contact stay on the site.</Dialog.Description>
      <form className="form admin-form" onSubmit={submit} noValidate>
        <Field id="link-url" label="Address" required error={error}>
          <input
            id="link-url"
            className="input"
            type="text"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            autoFocus
            {...describedBy('link-url', { error })}
          />
        </Field>
        <Field id="link-text" label="Link text" hint="The words readers click. Left empty, the link reads “link text” for you to type over.">
          <input id="link-text" className="input" type="text" value={text} onChange={(event) => setText(event.target.value)} {...describedBy('link-text', { hint: true })} />
        </Field>
        <div className="admin-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Insert link
          </button>
        </div>
      </form>
    </>
  );
}
