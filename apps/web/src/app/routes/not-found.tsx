import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DocumentTitle } from '../../lib/document-title';

/** Unknown routes: say so and offer the ways back. */
export default function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <DocumentTitle screen={t`Page Not Found`} />
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-4 text-slate-600">
        <Trans>We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</Trans>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <Trans>Go to Home</Trans>
        </Link>
        <Link to="/listing" className={buttonClasses('secondary', 'md')}>
          <Trans>Browse listings</Trans>
        </Link>
      </div>
    </main>
  );
}
