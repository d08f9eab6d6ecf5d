import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
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
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>{toolbar}</div>
        <Button onClick={onAdd} disabled={isLoading || Boolean(error)}>
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
