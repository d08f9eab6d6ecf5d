import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

/** Unknown routes: say so and offer the ways back. */
export default function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600">
        We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          Go to Home
        </Link>
        <Link to="/listing" className={buttonClasses('secondary', 'md')}>
          Browse listings
        </Link>
      </div>
    </main>
  );
}
