import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { SessionLoading } from './session-gate';

/** /login and /register are for signed-out users; signed-in users go to '/'. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <SessionLoading />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
