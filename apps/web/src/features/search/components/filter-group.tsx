import { useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { useId, useState, type ReactNode } from 'react';

/**
 * An expandable filter group: a heading button that shows or hides its options.
 * A plain disclosure (button with aria-expanded and aria-controls) rather than Radix Collapsible,
 * which only added weight to the listing's first load. As before, closed options are unmounted.
 */
export function FilterGroup({
  title,
  children,
  defaultOpen = true,
  badge,
}: {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  badge?: number;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <div className="border-b border-slate-200 py-3">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 rounded-control py-1 text-left text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <span>
            {title}
            {badge ? (
              <span className="ml-2 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-medium text-accent-800">{badge}</span>
            ) : null}
          </span>
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={`size-4 text-slate-500 transition-transform duration-150 ${open ? 'rotate-180' : ''}`}
          >
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <div id={contentId} hidden={!open} className="pt-2">
        {open ? children : null}
      </div>
    </div>
  );
}

/**
 * A filter group whose options are still loading (the slider bounds, a streamed region): its heading
 * as FilterGroup draws it, open, and `label` in a box of a range filter's height, so nothing moves when they come.
 */
export function FilterGroupLoading({ title, label }: { title: string; label: string }) {
  return (
    <div className="border-b border-slate-200 py-3">
      <h3 className="flex items-center justify-between gap-2 py-1 text-sm font-semibold text-slate-900">
        <span>{title}</span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 rotate-180 text-slate-500">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </h3>
      <div className="pt-2">
        {/* RangeFilter's height: its values' line (20 px), their margin (12 px), the track (20 px). */}
        <p role="status" className="h-[52px] text-sm text-slate-600">
          {label}
        </p>
      </div>
    </div>
  );
}

/** The sidebar's price and year groups while their bounds (or their region's code) load. */
export function SliderFiltersLoading() {
  const { t } = useLingui();
  return (
    <>
      <FilterGroupLoading title={t`Price per day`} label={t`Loading prices...`} />
      <FilterGroupLoading title={t`Year of production`} label={t`Loading years...`} />
    </>
  );
}
