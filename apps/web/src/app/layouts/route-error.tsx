import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { DocumentTitle } from '../../lib/document-title';

/** Shown when a screen throws or its chunk fails to load (e.g. after a deploy): a way out, not a blank page. */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? t`Error: ${error.status} ${error.statusText}`
    : t`Something went wrong while loading this page.`;
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <DocumentTitle screen={t`Something Went Wrong`} />
      <h1 className="mb-6 text-center text-2xl font-semibold">
        <Trans>Something went wrong</Trans>
      </h1>
      <ErrorState
        message={message}
        onRetry={() => window.location.reload()}
        retryLabel={t`Reload the page`}
        action={
          <Link to="/" className={buttonClasses('ghost', 'sm')}>
            <Trans>Go home</Trans>
          </Link>
        }
      />
    </main>
  );
}
