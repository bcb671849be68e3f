import type { MediaAsset } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useRef, useState } from 'react';
import { CloseIcon } from '../../../../components/icons';
import { serverText } from '../admin-resource';
import { describedBy, EditorField } from './editor-fields';
import { mediaLibraryQuery, thumbnailUrl, uploadImage, uploadProblem } from './media-upload';

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
  const library = useQuery(mediaLibraryQuery());
  const queryClient = useQueryClient();
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
      await queryClient.invalidateQueries({ queryKey: mediaLibraryQuery().queryKey });
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
          <EditorField id="media-file" label="Image file" error={errors.file}>
            <input
              ref={fileInput}
              id="media-file"
              className="input"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              {...describedBy('media-file', { error: errors.file })}
            />
          </EditorField>
          <EditorField id="media-alt" label="Alt text" error={errors.alt}>
            <input id="media-alt" className="input" type="text" maxLength={300} value={uploadAlt} onChange={(event) => setUploadAlt(event.target.value)} {...describedBy('media-alt', { error: errors.alt })} />
          </EditorField>
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
      {library.isPending ? <p className="form-notice">Loading images...</p> : null}
      {library.isSuccess && library.data.length === 0 ? <p className="form-notice">No images yet: upload the first one above.</p> : null}
      <ul className="media-grid" aria-label="Uploaded images">
        {(library.data ?? []).map((asset) => (
          <li key={asset.id}>
            <button
              type="button"
              className={`media-tile${chosen?.id === asset.id ? ' media-tile-chosen' : ''}`}
              aria-pressed={chosen?.id === asset.id}
              onClick={() => {
                setChosen(asset);
                setAlt(asset.alt);
                setAltError(undefined);
              }}
            >
              <img src={thumbnailUrl(asset.url)} alt="" width={160} height={Math.round((160 * asset.height) / asset.width)} loading="lazy" />
              <span className="media-tile-name">{asset.alt}</span>
            </button>
          </li>
        ))}
      </ul>

      {chosen ? (
        <form className="form admin-form media-confirm" onSubmit={confirm} noValidate>
          <EditorField id="media-chosen-alt" label="Alt text for this use" required hint="What the picture shows, for readers who cannot see it." error={altError}>
            <input
              id="media-chosen-alt"
              className="input"
              type="text"
              maxLength={300}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              {...describedBy('media-chosen-alt', { hint: true, error: altError })}
            />
          </EditorField>
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
