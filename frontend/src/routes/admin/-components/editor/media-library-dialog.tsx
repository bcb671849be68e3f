import type { MediaAsset } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useDeferredValue, useRef, useState } from 'react';
import { adminSend } from '../../../../api/admin-session';
import { CloseIcon } from '../../../../components/icons';
import { serverText } from '../shared/admin-resource';
import { mediaLibraryQuery, thumbnailUrl, uploadImage, uploadProblem, usedByText } from './media-upload';
import { describedBy, Field } from '../shared/form-fields';

interface MediaLibraryDialogProps {
  open: boolean;
  /** The dialog's title and its confirm button: 'Insert image', 'Use as cover'. */
  purpose: string;
  onChoose: (asset: MediaAsset, alt: string) => void;
  onCancel: () => void;
}

/** Upload an image or pick one from the library, then confirm its alt text (required). */
export function MediaLibraryDialog({ open, purpose, onChoose, onCancel }: MediaLibraryDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog media-dialog">
          {open ? <MediaLibrary purpose={purpose} onChoose={onChoose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MediaLibrary({ purpose, onChoose }: Pick<MediaLibraryDialogProps, 'purpose' | 'onChoose'>) {
  const [search, setSearch] = useState('');
  const library = useQuery(mediaLibraryQuery(useDeferredValue(search.trim())));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<'confirm' | 'busy' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploadAlt, setUploadAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; request?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [chosen, setChosen] = useState<MediaAsset | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | undefined>();

  const upload = async (event: FormEvent) => {
    // The dialog sits in a portal, but React passes its submit up to the editor's form: stop it here.
    event.preventDefault();
    event.stopPropagation();
    const next = { file: file ? (uploadProblem(file) ?? undefined) : 'Choose an image file to upload.', alt: uploadAlt.trim() ? undefined : 'Describe the image for readers who cannot see it.' };
    setErrors(next);
    if (next.file || next.alt) {
      document.getElementById(next.file ? 'media-file' : 'media-alt')?.focus();
      return;
    }
    setUploading(true);
    try {
      const asset = await uploadImage(file!, uploadAlt.trim());
      await queryClient.invalidateQueries({ queryKey: mediaLibraryQuery().queryKey.slice(0, 2) });
      setChosen(asset);
      setAlt(asset.alt);
      setFile(null);
      setUploadAlt('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setErrors({ request: serverText(error) });
    } finally {
      setUploading(false);
    }
  };

  const choose = (asset: MediaAsset | null) => {
    setChosen(asset);
    setAlt(asset?.alt ?? '');
    setAltError(undefined);
    setDeleting(null);
    setDeleteError(null);
  };

  // The server refuses an image still in use and says where; the button is offered only for unused ones.
  const remove = async (asset: MediaAsset) => {
    setDeleting('busy');
    try {
      await adminSend<void>('DELETE', `/api/admin/media/${asset.id}`);
      choose(null);
    } catch (error) {
      setDeleting(null);
      setDeleteError(serverText(error));
    }
    await queryClient.invalidateQueries({ queryKey: mediaLibraryQuery().queryKey.slice(0, 2) });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!alt.trim()) {
      setAltError('Describe the image for readers who cannot see it.');
      document.getElementById('media-chosen-alt')?.focus();
      return;
    }
    onChoose(chosen!, alt.trim());
  };

  return (
    <>
      <div className="admin-dialog-head">
        <Dialog.Title className="admin-dialog-title">{purpose}</Dialog.Title>
        <Dialog.Close className="icon-button" aria-label="Close">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="form-notice">Upload a JPEG, PNG, WebP or GIF of up to 10 MB, or pick one you uploaded before. Every image needs alt text.</Dialog.Description>
      <form className="form admin-form media-upload-form" onSubmit={(event) => void upload(event)} noValidate>
        <div className="form-row">
          <Field id="media-file" label="Image file" error={errors.file}>
            <input
              ref={fileInput}
              id="media-file"
              className="input"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              {...describedBy('media-file', { error: errors.file })}
            />
          </Field>
          <Field id="media-alt" label="Alt text" error={errors.alt}>
            <input id="media-alt" className="input" type="text" maxLength={300} value={uploadAlt} onChange={(event) => setUploadAlt(event.target.value)} {...describedBy('media-alt', { error: errors.alt })} />
          </Field>
        </div>
        {errors.request ? (
          <p className="admin-form-error" role="alert">
            {errors.request}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn btn-secondary btn-small" aria-disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </button>
        </div>
      </form>

      <h3 className="media-library-heading">Library</h3>
      <div className="field media-search">
        <label htmlFor="media-search">Search images</label>
        <input id="media-search" className="input" type="search" maxLength={200} placeholder="File name or alt text" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {library.isPending ? <p className="form-notice">Loading images...</p> : null}
      {library.isSuccess && library.data.length === 0 ? (
        <p className="form-notice" role="status">
          {search.trim() ? `No images match “${search.trim()}”.` : 'No images yet: upload the first one above.'}
        </p>
      ) : null}
      <ul className="media-grid" aria-label="Uploaded images">
        {(library.data ?? []).map((asset) => (
          <li key={asset.id}>
            <button
              type="button"
              className={`media-tile${chosen?.id === asset.id ? ' media-tile-chosen' : ''}`}
              aria-pressed={chosen?.id === asset.id}
              onClick={() => choose(asset)}
            >
              <img src={thumbnailUrl(asset.url)} alt="" width={160} height={Math.round((160 * asset.height) / asset.width)} loading="lazy" />
              <span className="media-tile-name">{asset.alt}</span>
              <span className="media-tile-use">{asset.usedBy.length ? `Used by ${asset.usedBy.length}` : 'Unused'}</span>
            </button>
          </li>
        ))}
      </ul>

      {chosen ? (
        <div className="media-chosen-use">
          <p>
            <strong>{chosen.originalName}</strong>: {usedByText(chosen)}
          </p>
          {chosen.usedBy.length === 0 ? (
            deleting === null ? (
              <button type="button" className="btn btn-secondary btn-small btn-danger-outline" onClick={() => setDeleting('confirm')}>
                Delete image
              </button>
            ) : (
              <p role="alert">
                Delete this image for good?{' '}
                <button type="button" className="btn btn-danger btn-small" onClick={() => void remove(chosen)} aria-disabled={deleting === 'busy'}>
                  {deleting === 'busy' ? 'Deleting...' : 'Delete permanently'}
                </button>{' '}
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setDeleting(null)}>
                  Keep it
                </button>
              </p>
            )
          ) : (
            <p className="form-notice">An image in use cannot be deleted: remove it from those pages first.</p>
          )}
          {deleteError ? (
            <p className="admin-form-error" role="alert">
              {deleteError}
            </p>
          ) : null}
        </div>
      ) : null}

      {chosen ? (
        <form className="form admin-form media-confirm" onSubmit={confirm} noValidate>
          <Field id="media-chosen-alt" label="Alt text for this use" required hint="What the picture shows, for readers who cannot see it." error={altError}>
            <input
              id="media-chosen-alt"
              className="input"
              type="text"
              maxLength={300}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              {...describedBy('media-chosen-alt', { hint: true, error: altError })}
            />
          </Field>
          <div className="admin-dialog-actions">
            <button type="submit" className="btn btn-primary">
              {purpose}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}
