import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { ErrorState } from '../components/ui/error-state';

export interface RegionBoundaryProps {
  /** What the region shows while its data (or code) is on its way: the region's own size, so nothing moves when it comes. */
  fallback: ReactNode;
  /** Said in the region when its data could not be had ('Try again' beside it asks again). */
  errorMessage: string;
  children: ReactNode;
}

/**
 * A region of a page whose data streams (ADR 016): the server renders the page's shell without
 * waiting for it and sends the region when its query answers; in the browser it shows `fallback`
 * while loading (a client-side navigation) and, when its query fails, a small error with 'Try
 * again' in its own place, never the route's error page. The region reads its data with
 * `useSuspenseQuery`, so the server's answer travels in the page's data block and is not asked
 * for again.
 */
export function RegionBoundary({ fallback, errorMessage, children }: RegionBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <RegionErrorBoundary onRetry={reset} message={errorMessage}>
          <Suspense fallback={fallback}>{children}</Suspense>
        </RegionErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

interface RegionErrorBoundaryProps {
  message: string;
  /** Clears the failed queries' errors, so that rendering the region again asks for them again. */
  onRetry: () => void;
  children: ReactNode;
}

// React catches a render error only in a class component (there is no hook for it).
class RegionErrorBoundary extends Component<RegionErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState className="px-4 py-4" message={this.props.message} onRetry={this.retry} />;
  }
}
