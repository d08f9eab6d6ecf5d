import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { SessionLoading } from './session-gate';

/** Non-employees (and signed-out users) entering /manage/vehicle-* go to '/'. */
export function RequireEmployee() {
  const { isLoading, isCompanyEmployee } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!isCompanyEmployee) return <Navigate to="/" replace />;
  return <Outlet />;
}
