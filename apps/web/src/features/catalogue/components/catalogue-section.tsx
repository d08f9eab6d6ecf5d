import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { errorMessage } from '../../../lib/api-client';

interface CatalogueSectionProps {
  /** 'Loading vehicle types...' */
  loadingText: string;
  /** Shown when the catalogue is empty. */
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  isEmpty: boolean;
  /** Controls beside the Add button (a type filter). */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The frame every catalogue table shares: an Add button, then loading, error, empty or the table. */
export function CatalogueSection({
  loadingText,
  emptyText,
  addLabel,
  onAdd,
  isLoading,
  error,
  onRetry,
  isEmpty,
  toolbar,
  children,
}: CatalogueSectionProps) {
  const { t } = useLingui();
  // 'Add' puts focus in the new row's first input (new rows come first), once the row is drawn.
  const sectionRef = useRef<HTMLElement>(null);
  const [addCount, setAddCount] = useState(0);
  useEffect(() => {
    if (addCount === 0) return;
    sectionRef.current?.querySelector<HTMLElement>('tbody tr:first-child :is(input, select, textarea):not([disabled])')?.focus();
  }, [addCount]);
  return (
    <section ref={sectionRef} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>{toolbar}</div>
        <Button
          onClick={() => {
            onAdd();
            setAddCount((n) => n + 1);
          }}
          disabled={isLoading || Boolean(error)}
        >
          <span aria-hidden="true">+</span> {addLabel}
        </Button>
      </div>
      {isLoading ? (
        <LoadingText text={loadingText} />
      ) : error ? (
        <ErrorState message={t`Error: ${errorMessage(error)}`} onRetry={onRetry} />
      ) : isEmpty ? (
        <EmptyState message={emptyText} />
      ) : (
        children
      )}
    </section>
  );
}
