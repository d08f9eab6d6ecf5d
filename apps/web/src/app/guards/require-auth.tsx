import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { SessionLoading } from './session-gate';

/** Signed-out users entering the signed-in area go to '/'; waits for the session first. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
