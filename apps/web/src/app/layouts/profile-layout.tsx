import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn';
import { useLogout, useSession } from '../../lib/session';

const PROFILE_NAV = [
  { to: '/profile', label: 'Overview', end: true },
  { to: '/profile/rentals', label: 'My Rentals' },
  { to: '/profile/vehicles', label: 'My Vehicles' },
  { to: '/profile/wallet', label: 'Wallet' },
  { to: '/profile/settings', label: 'Settings' },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block whitespace-nowrap rounded-control px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600',
    isActive ? 'bg-accent-50 text-accent-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** /profile/*: a sub-navigation (sidebar on wide screens, scrollable tabs on phones) and Logout. */
export function ProfileLayout() {
  const { user } = useSession();
  const { logout, isPending } = useLogout();
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-6 sm:px-6 md:grid-cols-[220px_minmax(0,1fr)] md:gap-10 md:pt-10">
      <aside className="min-w-0 md:sticky md:top-24 md:self-start">
        {user && (
          <p className="mb-3 hidden truncate px-3 text-sm text-slate-600 md:block">
            Signed in as <span className="font-semibold text-slate-900">{user.username}</span>
          </p>
        )}
        <nav aria-label="Profile">
          <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
            {PROFILE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={tabClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="md:mt-4 md:border-t md:border-slate-200 md:pt-4">
              <button
                type="button"
                onClick={logout}
                disabled={isPending}
                aria-busy={isPending || undefined}
                className="block w-full whitespace-nowrap rounded-control px-3 py-2 text-left text-sm font-medium text-danger hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-60"
              >
                {isPending ? 'Logging out...' : 'Logout'}
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
