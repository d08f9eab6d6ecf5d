import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/vehicle-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavigationType, useNavigate, useNavigationType } from 'react-router';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { Skeleton, SkeletonGroup, SkeletonText } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/ui/toast';
import { englishI18n } from '../../../i18n/catalogues';
import { isApiError } from '../../../lib/api-client';
import { lazyRegion } from '../../../lib/lazy-region';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import { useVehicle } from '../api/get-vehicle';
import { findVehiclePreview, type VehiclePreview } from '../lib/vehicle-preview';
import { VehicleGallery } from './vehicle-gallery';
import { DetailCard, VehicleInfoCard } from './vehicle-info-card';
import { VehicleOwnerMenu } from './vehicle-owner-menu';
import { VehiclePropertiesCard } from './vehicle-properties-card';

// Below the details: the reviews hydrate on their own, after the rest of the page (see lazyRegion).
const VehicleReviews = lazyRegion(() => import('./vehicle-reviews').then((m) => m.VehicleReviews));
// Save, Share and 'Message owner': their own chunk, so the page's first load stays as it was. Until
// it is in (a vehicle opened from its card), the preview's placeholder holds their rows.
const VehiclePageActions = lazyRegion(() => import('./vehicle-page-actions').then((m) => m.VehiclePageActions), <ActionsPlaceholder />);
const VehicleLocation = lazyRegion(() => import('./vehicle-location').then((m) => m.VehicleLocation));

interface VehicleDetailsScreenProps {
  vehicleId: string;
  /**
   * What goes beside the price (the rent action and availability calendar), rendered inside
   * `<div data-slot="rent-panel">`. The route passes it in, so features stay independent.
   */
  renderRentPanel?: (vehicle: VehicleDetail) => ReactNode;
  /** Offered in the owner menu to whoever may block days (the route opens the rentals feature's calendar). */
  onOpenAvailability?: (vehicle: VehicleDetail) => void;
}

/** /api/vehicle/:id. */
export function VehicleDetailsScreen({ vehicleId, renderRentPanel, onOpenAvailability }: VehicleDetailsScreenProps) {
  const { t, i18n } = useLingui();
  const query = useVehicle(vehicleId);
  // Opened from a card (not while hydrating the server's page): what the card showed is drawn first,
  // at once, and the rest of the vehicle in the next render, after that paint, or when it loads.
  const queryClient = useQueryClient();
  const isHydrated = useHydrated();
  // Back or Forward to a vehicle whose own answer is in the cache: the full page at once (the browser
  // restores the scroll position into it). Opened from a card, the preview still comes first even
  // when the answer is in (a pointer on the card fetched it): it is painted in a fraction of the
  // full page's time (the heading at 4x CPU: 120-165 ms against 255), in the same rows.
  const navigationType = useNavigationType();
  const [preview] = useState(() =>
    isHydrated && (query.data === undefined || navigationType !== NavigationType.Pop)
      ? findVehiclePreview(queryClient, vehicleId)
      : undefined,
  );
  const [isPreviewFirst, setPreviewFirst] = useState(preview !== undefined);
  useEffect(() => {
    if (!isPreviewFirst) return;
    // The actions' chunk loads after the preview's paint, while the vehicle's answer is awaited.
    void VehiclePageActions.preload().catch(() => undefined);
    // After the frame that paints the preview, the full page, in one go (a transition would hand the
    // main thread back between slices of it, and the whole page came later).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPreviewFirst(false));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isPreviewFirst]);
  const { user, isCompanyEmployee } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  // The query answers null for an unknown or malformed id; any error is a failed load.
  const hasFailed = query.isError;

  // A vehicle load failure (other than not found) goes to /listing; the toast says why the user is there.
  const failure = query.error;
  useEffect(() => {
    if (hasFailed) {
      toast.error(loadFailureMessage(failure, i18n));
      void navigate('/listing', { replace: true });
    }
  }, [hasFailed, failure, navigate, toast, i18n]);

  // Called, not rendered as a component: its elements are the full page's, so React keeps the heading
  // and the photo's <img> when the vehicle comes in instead of drawing them again.
  if (preview && (isPreviewFirst || query.isPending)) return previewDetails(preview, t`Loading vehicle...`);
  if (query.isPending || hasFailed) return <DetailsSkeleton />;
  if (!query.data) {
    return (
      <EmptyState
        className="my-10"
        title={t`Vehicle not found.`}
        message={t`It may have been removed by its owner.`}
        action={
          <Link to="/listing" className={buttonClasses('primary', 'md')}>
            <Trans>Browse vehicles</Trans>
          </Link>
        }
      />
    );
  }

  const vehicle = query.data;
  const name = `${vehicle.make} ${vehicle.model}`;
  const isOwner = user?.id === vehicle.ownerId;
  const canEdit = isOwner || (isCompanyEmployee && vehicle.isCompanyProperty);
  const canDelete = isOwner || isCompanyEmployee;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <VehicleHeading name={name} />
          {(canEdit || canDelete) && (
            <VehicleOwnerMenu
              vehicleId={vehicle.id}
              vehicleName={name}
              canEdit={canEdit}
              canDelete={canDelete}
              // Who may edit may block days: the owner, or an employee for a company vehicle.
              onAvailability={canEdit && onOpenAvailability ? () => onOpenAvailability(vehicle) : undefined}
            />
          )}
        </div>
        <VehiclePageActions vehicle={vehicle} />
        <VehicleGallery images={vehicle.imageURLS} thumbnails={vehicle.thumbnailURLS} alt={name} />
      </div>

      <PriceAside
        pricePerDay={vehicle.pricePerDay}
        starsRating={vehicle.starsRating}
        reviewCount={vehicle.reviewCount}
        facts={`${vehicle.vehicleType} · ${vehicle.vehicleTypeCategory} · ${vehicle.dateOfProduction.slice(0, 4)}`}
      >
        <div data-slot="rent-panel" className="border-t border-slate-200 pt-4">
          {renderRentPanel?.(vehicle)}
        </div>
      </PriceAside>

      <div className="flex min-w-0 flex-col gap-6">
        <VehicleInfoCard vehicle={vehicle} />
        <VehiclePropertiesCard properties={vehicle.vehicleProperties} />
        <VehicleLocation vehicle={vehicle} />
        <DetailCard title={t`Description`}>
          <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">{vehicle.description}</p>
        </DetailCard>
        <VehicleReviews reviews={vehicle.vehicleReviews} />
      </div>
    </div>
  );
}

/** Why the details page was left, for the toast on the listing it goes to. */
export function loadFailureMessage(error: unknown, i18n: I18n = englishI18n()): string {
  if (isApiError(error)) {
    const status = error.status;
    return i18n._(
      msg`This vehicle could not be loaded (the server answered ${status}), so you are back on the listing. Please try again in a moment.`,
    );
  }
  return i18n._(
    msg`This vehicle could not be loaded (the server could not be reached), so you are back on the listing. Please try again in a moment.`,
  );
}

function VehicleHeading({ name }: { name: string }) {
  return (
    <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
      <span className="block text-sm font-semibold tracking-wide text-accent-700 uppercase">
        <Trans>Vehicle Details</Trans>
      </span>
      {name}
    </h1>
  );
}

/** The price, rating and facts beside the photos, with the rent panel (`children`) under them. */
function PriceAside({
  pricePerDay,
  starsRating,
  reviewCount,
  facts,
  children,
}: {
  pricePerDay: number;
  starsRating: number;
  reviewCount: number;
  facts: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <aside aria-label={t`Price and booking`} className="lg:row-span-2">
      <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
        <div>
          <p className="text-sm text-slate-600">
            <Trans>Price per day</Trans>
          </p>
          <p className="text-3xl font-bold text-slate-900">
            <Money amount={pricePerDay} />
            <span className="ml-1 text-base font-normal text-slate-600">
              <Trans>/ day</Trans>
            </span>
          </p>
          <p className="text-xs text-slate-600">
            <Trans>Taxes included</Trans>
          </p>
        </div>
        <Stars rating={starsRating} reviewCount={reviewCount} />
        <p className="text-sm text-slate-700">{facts}</p>
        {children}
      </div>
    </aside>
  );
}

/**
 * A vehicle opened from its card, while the rest of it loads: the page's own layout with what the card
 * showed (name, photo, price, rating, facts) in place, and skeletons where the rest goes. The full page
 * then fills in around them: the heading, the photo and the price stay where they are.
 */
function previewDetails(preview: VehiclePreview, loadingLabel: string) {
  const name = `${preview.make} ${preview.model}`;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8" aria-busy="true">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <VehicleHeading name={name} />
        </div>
        <ActionsPlaceholder />
        <VehicleGallery images={preview.imageURL ? [preview.imageURL] : []} alt={name} isPending />
      </div>
      <PriceAside
        pricePerDay={preview.pricePerDay}
        starsRating={preview.starsRating}
        reviewCount={preview.reviewCount}
        facts={`${preview.vehicleType} · ${preview.vehicleTypeCategory} · ${preview.yearOfProduction}`}
      >
        <div className="border-t border-slate-200 pt-4">
          <Skeleton className="h-12 w-full" />
        </div>
      </PriceAside>
      <SkeletonGroup label={loadingLabel} className="flex min-w-0 flex-col gap-6">
        <Skeleton className="h-48 w-full rounded-card" />
        <Skeleton className="h-40 w-full rounded-card" />
        <SkeletonText lines={4} />
      </SkeletonGroup>
    </div>
  );
}

/**
 * Where the page's actions go (vehicle-page-actions.tsx), in the rows they take: on a phone Save and
 * Share, then 'Message owner' on a row of its own, then 'Report' for whoever is signed in; one row
 * from `sm` up. The full page's actions then take the same space, whatever their labels' widths.
 */
function ActionsPlaceholder() {
  const { user } = useSession();
  return (
    <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
      {/* Classes the first-load stylesheet holds already (the vehicle page's first load is at its budget). */}
      <Skeleton className="h-10 w-20" />
      <Skeleton className="h-10 w-40" />
      <Skeleton className="h-10 w-40 max-sm:basis-full sm:w-48" />
      {user && <Skeleton className="h-8 w-20" />}
    </div>
  );
}

function DetailsSkeleton() {
  const { t } = useLingui();
  return (
    <SkeletonGroup label={t`Loading vehicle...`} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
      <div className="flex flex-col gap-4">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="aspect-[4/3] w-full rounded-card" />
        <SkeletonText lines={4} />
      </div>
      <Skeleton className="h-56 w-full rounded-card" />
    </SkeletonGroup>
  );
}
