/** Legend of the availability calendar: booked / available / selected. */
export function CalendarLegend({ showSelected }: { showSelected: boolean }) {
  const items = [
    { label: 'Booked', swatch: 'bg-red-50 ring-1 ring-inset ring-money-out' },
    { label: 'Available', swatch: 'bg-white ring-1 ring-inset ring-slate-300' },
    ...(showSelected ? [{ label: 'Selected', swatch: 'bg-accent-700' }] : []),
  ];
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block h-3.5 w-3.5 rounded ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
