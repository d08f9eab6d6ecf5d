import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId } from 'react';
import { MAX_CLAIM_PHOTOS } from '@rentdrive/contracts/claims';

/** Up to MAX_CLAIM_PHOTOS photos (JPEG, PNG or WebP), with a visible label and the server's error under it. */
export function PhotoInput({
  label,
  files,
  onChange,
  error,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const count = files.length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(Array.from(event.target.files ?? []).slice(0, MAX_CLAIM_PHOTOS))}
        className="text-sm text-slate-700 file:mr-3 file:rounded-control file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {count > 0 ? t`${count} selected. JPEG, PNG or WebP, at most 6.` : t`JPEG, PNG or WebP, at most 6.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
