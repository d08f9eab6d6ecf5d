import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/home-messages';
import { Link } from 'react-router';

/** Home: quick category links. */
const QUICK_TYPES = [
  { type: 'Car', label: msg`Cars` },
  { type: 'Truck', label: msg`Trucks` },
  { type: 'Motorcycle', label: msg`Motorcycles` },
  { type: 'Bicycle', label: msg`Bicycles` },
  { type: 'Electric Scooter', label: msg`Electric Scooters` },
] as const;

export function QuickLinks() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Browse by vehicle type`} className="mx-auto max-w-7xl px-4 sm:px-6">
      <ul className="flex flex-wrap justify-center gap-2">
        {QUICK_TYPES.map(({ type, label }) => (
          <li key={type}>
            <Link
              to={`/listing?type=${encodeURIComponent(type)}`}
              className="inline-flex h-10 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm transition-colors duration-150 hover:border-accent-600 hover:text-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
            >
              {i18n._(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
