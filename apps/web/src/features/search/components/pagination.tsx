import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { Button } from '../../../components/ui/button';

/** Pages of results: previous, a few numbers around the current page, next. */
export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const numbers = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  return (
    <nav aria-label={t`Pages`} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </Button>
      {numbers.map((n) => (
        <Button
          key={n}
          variant={n === page ? 'primary' : 'ghost'}
          size="sm"
          aria-current={n === page ? 'page' : undefined}
          aria-label={t`Page ${n}`}
          onClick={() => onPage(n)}
          className="min-w-8 tabular-nums"
        >
          {n}
        </Button>
      ))}
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </Button>
      <p className="w-full pt-2 text-center text-xs text-slate-600">{t`Page ${page} of ${pageCount}`}</p>
    </nav>
  );
}
