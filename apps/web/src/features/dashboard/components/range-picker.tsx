import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId } from 'react';
import type { Range } from '../api/dashboard';

/** From and to (both days included), as two date fields. */
export function RangePicker({ range, onChange, children }: { range: Range; onChange: (range: Range) => void; children?: React.ReactNode }) {
  const { t } = useLingui();
  const id = useId();
  const field =
    'mt-1 block w-full rounded-control border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-600';
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-36 flex-1 sm:flex-none">
        <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-700">
          {t`From`}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={field}
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })}
        />
      </div>
      <div className="min-w-36 flex-1 sm:flex-none">
        <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-700">
          {t`To`}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={field}
          value={range.to}
          min={range.from}
          onChange={(e) => e.target.value && onChange({ ...range, to: e.target.value })}
        />
      </div>
      {children}
    </div>
  );
}
