import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_VEHICLE_IMAGES } from '@rentdrive/contracts/vehicles';
import { translateApiText } from '../../../i18n/catalogues';
import { cn } from '../../../lib/cn';
import { imageSrc } from '../../../lib/image-src';
import type { ImageSelection } from './use-image-selection';

interface ImagePickerProps {
  selection: ImageSelection;
  /** The count rule once a submit was tried ('Please upload at least one image.'), or the server's refusal. */
  error?: string | null;
  disabled?: boolean;
}

/** Choose (or drop) 1 to 15 images; previews of kept and new images, each removable. */
export function ImagePicker({ selection, error, disabled }: ImagePickerProps) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [isDragging, setIsDragging] = useState(false);
  const messages = [...new Set([error, ...selection.notices].filter((m): m is string => Boolean(m)))];
  const isFull = selection.total >= MAX_VEHICLE_IMAGES;

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) void selection.add(event.dataTransfer.files);
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${hintId}${messages.length ? ` ${errorId}` : ''}`}>
      <legend className="sr-only">
        <Trans>Images, 1 to 15, required</Trans>
      </legend>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-card border-2 border-dashed px-4 py-6 text-center text-sm transition-colors duration-150',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-600',
          isDragging ? 'border-accent-600 bg-accent-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
          (disabled || isFull) && 'cursor-not-allowed opacity-60',
        )}
      >
        <span className="font-medium text-accent-800">
          <Trans>Choose images</Trans>
        </span>
        <span className="text-slate-600">
          <Trans>or drop them here</Trans>
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={disabled || isFull}
          className="sr-only"
          onChange={(e) => {
            if (e.target.files) void selection.add(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        <Trans>
          JPEG, PNG or WebP, under 10 MB each. {selection.total} of {MAX_VEHICLE_IMAGES} images.
        </Trans>
      </p>
      {messages.length > 0 && (
        <div id={errorId} role="alert" className="flex flex-col gap-1 text-sm text-danger">
          {messages.map((m) => (
            <p key={m}>{translateApiText(i18n, m)}</p>
          ))}
        </div>
      )}
      {selection.total > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t`Selected images`}>
          {selection.kept.map((image, i) => (
            <Preview
              key={image.id}
              src={imageSrc(image.thumbUrl || image.url)}
              label={t`Current image ${i + 1}`}
              disabled={disabled}
              onRemove={() => selection.removeExisting(image.id)}
            />
          ))}
          {selection.picked.map((p) => (
            <Preview
              key={p.id}
              src={p.previewUrl}
              label={p.file.name}
              isNew
              disabled={disabled}
              onRemove={() => selection.removePicked(p.id)}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function Preview({
  src,
  label,
  isNew,
  disabled,
  onRemove,
}: {
  src: string;
  label: string;
  isNew?: boolean;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <li className="relative overflow-hidden rounded-control border border-slate-200 bg-slate-100">
      <img src={src} alt={label} className="aspect-[4/3] w-full object-cover" />
      {isNew && (
        <span className="absolute top-2 left-2 rounded-full bg-accent-700 px-2 py-0.5 text-xs font-medium text-white">
          <Trans>New</Trans>
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t`Remove ${label}`}
        className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-white hover:text-danger focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </li>
  );
}
