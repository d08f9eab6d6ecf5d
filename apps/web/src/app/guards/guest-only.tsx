import { Navigate, Outlet, useLocation } from 'react-router';
import { loginReturnPath } from '../../lib/login-return';
import { useSession } from '../../lib/session';
import { SessionLoading } from './session-gate';

/**
 * /login and /register are for signed-out users; signed-in users go to '/', or back to the page that
 * sent them to log in (the login form goes there too: both must agree, or the last one wins).
 */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionLoading />;
  if (isAuthenticated) return <Navigate to={loginReturnPath(location.state)} replace />;
  return <Outlet />;
}
