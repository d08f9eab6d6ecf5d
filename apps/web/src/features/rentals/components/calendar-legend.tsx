import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
/** Legend of the availability calendar: taken ('Unavailable' or 'Booked'), available, selected ('Selected' or 'Blocked'). */
export function CalendarLegend({
  showSelected,
  words,
  selectedSwatch = 'bg-accent-700',
}: {
  showSelected: boolean;
  words?: { booked: string; selected: string };
  selectedSwatch?: string;
}) {
  const { t } = useLingui();
  const booked = words?.booked ?? t`Unavailable`;
  const selected = words?.selected ?? t`Selected`;
  const items = [
    { label: booked, swatch: 'bg-red-50 ring-1 ring-inset ring-money-out' },
    { label: t`Available`, swatch: 'bg-white ring-1 ring-inset ring-slate-300' },
    ...(showSelected ? [{ label: selected, swatch: selectedSwatch }] : []),
  ];
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={t`Legend`}>
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block h-3.5 w-3.5 rounded ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
