import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { LIST_VEHICLE_NAV, MANAGE_NAV, PUBLIC_NAV, SIGNED_IN_NAV, type NavItem } from './nav-items';
import { NavList } from './nav-list';

// The balance (phones; signed in only) with its catalogue: not for a visitor who opens the menu.
const BalanceBadge = lazy(() => import('./balance-badge').then((m) => ({ default: m.BalanceBadge })));
// The operations links (Moderation, Users, Audit trail, mail): loaded when an employee opens the menu.
const ManagePhoneLinks = lazy(() => import('./manage-phone-links').then((m) => ({ default: m.ManagePhoneLinks })));

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-control px-3 py-2.5 text-base font-medium focus-visible:outline-2 focus-visible:outline-accent-600',
    isActive ? 'bg-accent-50 text-accent-800' : 'text-slate-800 hover:bg-slate-100',
  );

/**
 * The body of the header's menu (phones and tablets, and any width where the bar does not fit): its
 * own chunk, loaded when the menu is first opened (issue 22: out of every page's first load). The
 * header preloads it when a pointer or focus reaches the menu button.
 */
export function PhoneMenu({ id, className, renderLabel }: { id: string; className: string; renderLabel: (item: NavItem) => ReactNode }) {
  const { t } = useLingui();
  const { user, isLoading, isCompanyEmployee } = useSession();
  return (
    <nav
      id={id}
      aria-label={t`Main`}
      className={cn('max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg', className)}
    >
      {user && (
        <Suspense fallback={null}>
          <BalanceBadge balance={user.balance} pendingBalance={user.pendingBalance} className="my-2 sm:hidden" />
        </Suspense>
      )}
      <ul className="flex flex-col gap-0.5">
        <NavList items={PUBLIC_NAV} linkClass={mobileLink} />
        <NavList items={user ? [...SIGNED_IN_NAV, LIST_VEHICLE_NAV] : []} linkClass={mobileLink} renderLabel={renderLabel} />
      </ul>
      {isCompanyEmployee && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600" id={`${id}-manage`}>
            <Trans>Manage</Trans>
          </p>
          <ul className="flex flex-col gap-0.5" aria-labelledby={`${id}-manage`}>
            <NavList items={MANAGE_NAV} linkClass={mobileLink} />
            <Suspense fallback={null}>
              <ManagePhoneLinks linkClass={mobileLink} />
            </Suspense>
          </ul>
        </div>
      )}
      {!isLoading && !user && (
        <div className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3">
          <Link to="/register" className={buttonClasses('secondary', 'md')}>
            <Trans>Register</Trans>
          </Link>
          <Link to="/login" className={buttonClasses('primary', 'md')}>
            <Trans>Login</Trans>
          </Link>
        </div>
      )}
    </nav>
  );
}
