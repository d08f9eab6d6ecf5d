import { useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { useId, useState } from 'react';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

const COLLAPSED_COUNT = 8;

/**
 * Options with their counts; chosen ones stay listed (with 0) so they can be unchosen. An option with
 * no vehicles behind it stays listed, after the others, but cannot be ticked (it would lead to nothing).
 */
export function CheckboxFacet({
  legend,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  options: FacetOption[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const chosen = new Set(selected.map((s) => s.toLowerCase()));
  // Those with vehicles (or chosen) first, the empty ones after them, each part in its order.
  const isOpen = (o: FacetOption) => o.count > 0 || chosen.has(o.value.toLowerCase());
  const ordered = [...options.filter(isOpen), ...options.filter((o) => !isOpen(o))];
  // Collapsed, the first few show, and every chosen one wherever it sits (so it can be unchosen).
  const shown = showAll ? ordered : ordered.filter((o, i) => i < COLLAPSED_COUNT || chosen.has(o.value.toLowerCase()));
  if (!options.length) return <p className="text-sm text-slate-600">{t`None available.`}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="space-y-1">
        {shown.map((option, i) => {
          const isChecked = chosen.has(option.value.toLowerCase());
          const isEmpty = option.count === 0 && !isChecked;
          const inputId = `${id}-${i}`;
          return (
            <li key={option.value} className="flex items-center gap-2">
              <input
                id={inputId}
                type="checkbox"
                checked={isChecked}
                disabled={isEmpty}
                onChange={() => onToggle(option.value)}
                className="size-4 rounded border-slate-400 accent-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed"
              />
              <label
                htmlFor={inputId}
                className={`flex flex-1 justify-between gap-2 text-sm ${isEmpty ? 'cursor-not-allowed text-slate-500' : 'text-slate-800'}`}
              >
                <span className="truncate">{option.label}</span>
                <span className="tabular-nums text-slate-600">{option.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {options.length > shown.length || showAll ? (
        <button type="button" onClick={() => setShowAll((v) => !v)} className="mt-2 text-sm font-medium text-accent-700 hover:underline">
          {showAll ? t`Show fewer` : t`Show all ${options.length}`}
        </button>
      ) : null}
    </fieldset>
  );
}
