import { UploadIcon } from '../../../components/icons';
import { lazy, Suspense, useEffect, useState, type ChangeEvent, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, formatFileSize, imageFileProblem, imageFileProblemText } from './image-file';

const FileAlertDialog = lazy(() => import('./file-alert-dialog'));

/** A preview address for the chosen file, revoked when the file changes or the page goes. */
export function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface ImagePickerProps {
  id: string;
  file: File | undefined;
  disabled: boolean;
  onChange: (file: File) => void;
}

/** File picker with a preview; a file of 10MB or more (or not an image) is refused with an alert. */
export function ImagePicker({ id, file, disabled, onChange }: ImagePickerProps) {
  const preview = useObjectUrl(file);
  const [problem, setProblem] = useState<{ title: string; text: string }>();
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const found = imageFileProblem(chosen);
    if (found) {
      setProblem({ title: found === 'too-large' ? 'Image too large' : 'Unsupported file', text: imageFileProblemText(found) });
      return;
    }
    onChange(chosen);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    // Lets the visitor pick the same file again after an alert.
    event.target.value = '';
  };

  const dropped = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        Image <span className="required-mark" aria-hidden="true">*</span>
      </span>
      <input
        id={id}
        className="visually-hidden image-input"
        type="file"
        name="image"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-required="true"
        disabled={disabled}
        onChange={picked}
      />
      <label
        htmlFor={id}
        className={['image-drop', file ? 'has-file' : '', dragging ? 'is-dragging' : '', disabled ? 'is-disabled' : ''].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
      >
        {file && preview ? (
          <>
            <img className="image-preview" src={preview} alt={`Preview of ${file.name}`} />
            <span className="image-drop-text">
              <strong className="break-anywhere">{file.name}</strong>
              <span>{formatFileSize(file.size)}</span>
              <span className="image-drop-action">Choose another image</span>
            </span>
          </>
        ) : (
          <span className="image-drop-text">
            <UploadIcon width={32} height={32} />
            <strong className="image-drop-action">Choose an image</strong>
            <span>or drop it here</span>
          </span>
        )}
      </label>
      <p id={`${id}-hint`} className="form-notice">
        JPG, PNG or GIF (WebP works too), smaller than 10MB.
      </p>
      {problem ? (
        <Suspense fallback={null}>
          <FileAlertDialog title={problem.title} text={problem.text} onClose={() => setProblem(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}
