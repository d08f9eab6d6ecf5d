import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
/** The upload's progress (XMLHttpRequest upload events), as a labelled progress bar. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useLingui();
  const percent = Math.round(fraction * 100);
  const label = percent >= 100 ? t`Processing images...` : t`Uploading... ${percent}%`;
  return (
    <div className="flex min-w-48 flex-1 flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t`Upload progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-accent-700 transition-[width] duration-150" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600 tabular-nums">{label}</p>
    </div>
  );
}
