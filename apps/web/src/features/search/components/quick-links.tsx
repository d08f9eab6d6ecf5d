import { Link } from 'react-router';

/** Home: quick category links. */
const QUICK_TYPES = ['Car', 'Truck', 'Motorcycle', 'Bicycle', 'Electric Scooter'] as const;

export function QuickLinks() {
  return (
    <nav aria-label="Browse by vehicle type" className="mx-auto max-w-7xl px-4 sm:px-6">
      <ul className="flex flex-wrap justify-center gap-2">
        {QUICK_TYPES.map((type) => (
          <li key={type}>
            <Link
              to={`/listing?type=${encodeURIComponent(type)}`}
              className="inline-flex h-10 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm transition-colors duration-150 hover:border-accent-600 hover:text-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
            >
              {type === 'Electric Scooter' ? 'Electric Scooters' : `${type}s`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
