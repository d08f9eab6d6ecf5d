import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { NavLink, Outlet } from 'react-router';
import { VerifyEmailNotice } from '../../features/account/components/verify-email-notice';
import { cn } from '../../lib/cn';
import { useLogout } from '../../lib/logout';
import { useSession } from '../../lib/session';

const PROFILE_NAV = [
  { to: '/profile', label: msg`Overview`, end: true },
  { to: '/profile/rentals', label: msg`My Rentals` },
  { to: '/profile/vehicles', label: msg`My Vehicles` },
  { to: '/profile/dashboard', label: msg`Dashboard` },
  { to: '/profile/saved', label: msg`Saved` },
  { to: '/profile/wallet', label: msg`Wallet` },
  { to: '/profile/settings', label: msg`Settings` },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block whitespace-nowrap rounded-control px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600',
    // Phones: three to a row, so a long word (German) wraps inside its button rather than under the next.
    'max-sm:text-center max-sm:border max-sm:px-2 max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere] max-sm:h-full',
    isActive
      ? 'bg-accent-50 text-accent-800 max-sm:border-accent-600/40'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 max-sm:border-slate-200',
  );

/**
 * /profile/*: a sub-navigation and Logout. Every entry is always in view: a grid of buttons on
 * phones, one wrapping row above the content on tablets and laptops (so wide tables keep the full
 * width), a sidebar from 1280 px.
 */
export function ProfileLayout() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const { logout, isPending } = useLogout();
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-6 sm:px-6 md:pt-10 xl:grid-cols-[200px_minmax(0,1fr)] xl:gap-8">
      <aside className="min-w-0 xl:sticky xl:top-24 xl:self-start">
        {user && (
          <p className="mb-3 hidden px-3 text-sm text-slate-600 wrap-anywhere xl:block">
            <Trans>
              Signed in as <span className="font-semibold text-slate-900">{user.username}</span>
            </Trans>
          </p>
        )}
        <nav aria-label={t`Profile`}>
          <ul className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:gap-1 sm:border-b sm:border-slate-200 sm:pb-3 xl:flex-col xl:border-b-0 xl:pb-0">
            {PROFILE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={tabClass}>
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
            <li className="sm:ml-auto xl:mt-4 xl:ml-0 xl:border-t xl:border-slate-200 xl:pt-4">
              <button
                type="button"
                onClick={logout}
                disabled={isPending}
                aria-busy={isPending || undefined}
                className="block h-full w-full whitespace-nowrap rounded-control px-3 py-2 text-sm font-medium text-danger max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere] hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-60 max-sm:border max-sm:border-red-200 max-sm:px-2 sm:text-left"
              >
                {isPending ? t`Logging out...` : t`Logout`}
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <VerifyEmailNotice />
        <Outlet />
      </div>
    </div>
  );
}
