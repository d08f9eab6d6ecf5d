import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FavouriteButton } from '../../../components/favourite-button';
import { MessagePersonLink } from '../../../components/message-person-link';
import { ShareButton } from '../../../components/share-button';
import { buttonClasses } from '../../../components/ui/button';
import { VehicleModeration } from '../../../components/vehicle-moderation';
import { useFormat } from '../../../i18n/format';
import { recordViewed } from '../../../lib/recently-viewed';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface VehiclePageActionsProps {
  vehicle: { id: string; make: string; model: string; ownerId: string; ownerName: string };
}

/**
 * The vehicle page's Save, Share and 'Message owner' (not to the owner themself); opening the page
 * puts the vehicle first in this device's 'Recently viewed'.
 */
export function VehiclePageActions({ vehicle }: VehiclePageActionsProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { user } = useSession();
  const isHydrated = useHydrated();
  // The dates the renter came with (`?from=&to=`), for the draft. Read here rather than through
  // lib/vehicle-dates, which would then move into the chunk every public page loads.
  const [params] = useSearchParams();
  const [from, to] = [params.get('from'), params.get('to')].map((day) => (day && DAY.test(day) ? day : undefined));
  const name = `${vehicle.make} ${vehicle.model}`;
  useEffect(() => recordViewed(vehicle.id), [vehicle.id]);

  const owner = vehicle.ownerName;
  const [start, end] = from && to ? [format.longDate(from), format.longDate(to)] : [];
  const draft =
    start && end
      ? t`Hello ${owner}, I would like to rent your ${name} from ${start} to ${end}. Is it available?`
      : t`Hello ${owner}, I have a question about your ${name}.`;
  const isOwner = isHydrated && user?.id === vehicle.ownerId;

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="vehicle-actions">
      <FavouriteButton vehicle={{ id: vehicle.id }} name={name} variant="page" />
      <ShareButton title={name} />
      {!isOwner && (
        <MessagePersonLink
          userId={vehicle.ownerId}
          username={owner}
          subject={`vehicle:${vehicle.id}:${from ?? ''}:${to ?? ''}`}
          draft={draft}
          // On a phone on a row of its own: the rows do not depend on the labels' widths, so the
          // vehicle's preview reserves them (vehicle-details-screen.tsx, ActionsPlaceholder).
          className={buttonClasses('secondary', 'md', 'max-sm:basis-full')}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          >
            <path d="M4 5h16v11H9l-5 4z" />
          </svg>
          <Trans>Message owner</Trans>
        </MessagePersonLink>
      )}
      <VehicleModeration vehicleId={vehicle.id} ownerId={vehicle.ownerId} />
    </div>
  );
}
