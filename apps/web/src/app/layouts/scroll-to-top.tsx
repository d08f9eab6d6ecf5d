import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change scrolls smoothly to the top. Only the path counts, so filters kept in
 * the query string (listing) don't jump the page; reduced-motion users get an instant jump.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, left: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
