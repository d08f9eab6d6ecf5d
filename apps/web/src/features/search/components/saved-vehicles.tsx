import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { useCompletePendingFavourite } from '../../../components/favourite-button';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/api-client';
import { useSavedVehicles } from '../../../lib/favourites';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

/** Three columns at most: the profile's content is narrower than the listing. */
const SAVED_COLUMNS = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

/** /profile/saved: the vehicles the user saved, newest first; a heart on each forgets it. */
export function SavedVehicles() {
  const { t } = useLingui();
  const saved = useSavedVehicles();
  useCompletePendingFavourite();
  if (saved.isPending) return <VehicleGridSkeleton label={t`Loading saved vehicles...`} count={3} columns={SAVED_COLUMNS} />;
  if (saved.isError) {
    return (
      <ErrorState
        message={errorMessage(saved.error, t`Your saved vehicles could not be loaded.`)}
        onRetry={() => void saved.refetch()}
        isRetrying={saved.isFetching}
      />
    );
  }
  if (saved.data.length === 0) {
    return (
      <EmptyState
        title={t`No saved vehicles yet`}
        message={t`Press the heart on a vehicle to keep it here for later.`}
        action={
          <Link to={WebPaths.listing} className={buttonClasses('primary', 'md')}>
            <Trans>Browse vehicles</Trans>
          </Link>
        }
      />
    );
  }
  return <VehicleGrid vehicles={saved.data} columns={SAVED_COLUMNS} />;
}
