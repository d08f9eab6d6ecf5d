import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import type { MyVehicle } from '@rentdrive/contracts/vehicles';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { Skeleton, SkeletonGroup } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { fuelName } from '../../../lib/fuel-name';
import { imageSrc } from '../../../lib/image-src';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useUserVehicles } from '../api/get-user-vehicles';
import { VehiclePlacePrompt } from './vehicle-place-prompt';

interface MyVehiclesTableProps {
  /**
   * Called when a row is clicked or activated with Enter/Space. When given, rows become clickable
   * (the booking history modal of the rentals feature opens from here).
   */
  onRowSelect?: (vehicleId: string, vehicle: MyVehicle) => void;
  /** When given, each row gets an 'Availability' button (the blocked-days calendar of the rentals feature). */
  onAvailability?: (vehicle: MyVehicle) => void;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** My Vehicles: image, make and model, fuel, price per day, times booked, rating, edit and delete. */
export function MyVehiclesTable({ onRowSelect, onAvailability }: MyVehiclesTableProps) {
  const { t, i18n } = useLingui();
  const vehicles = useUserVehicles();
  const deleteVehicle = useDeleteVehicle();
  const { showError } = useErrorModal();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<MyVehicle | null>(null);

  function handleDelete() {
    if (!toDelete) return;
    const name = `${toDelete.make} ${toDelete.model}`;
    deleteVehicle.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success(t`${name} was removed.`);
      },
      onError: (error) => {
        setToDelete(null);
        showError(error);
      },
    });
  }

  if (vehicles.isPending) {
    return (
      <SkeletonGroup label={t`Loading your vehicles...`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-card" />
        ))}
      </SkeletonGroup>
    );
  }
  if (vehicles.error) {
    return (
      <ErrorState
        message={t`Error: ${errorMessage(vehicles.error)}`}
        onRetry={() => void vehicles.refetch()}
        isRetrying={vehicles.isFetching}
      />
    );
  }
  if (vehicles.data.length === 0) {
    return (
      <EmptyState
        title={t`You haven't listed any vehicles yet.`}
        message={t`List your car, bike or scooter and earn when others rent it.`}
        action={
          <Link to="/manage/vehicles/create" className={buttonClasses('primary', 'md')}>
            <Trans>List a vehicle</Trans>
          </Link>
        }
      />
    );
  }

  const columns: DataTableColumn<MyVehicle>[] = [
    {
      key: 'image',
      header: t`Image`,
      hideLabelOnCard: true,
      className: 'w-28 stacked:justify-start',
      cell: (v) =>
        v.imageUrl ? (
          <img
            src={imageSrc(v.imageUrl)}
            alt=""
            loading="lazy"
            className="aspect-[4/3] w-full max-w-40 rounded-control bg-slate-100 object-cover unstacked:w-24"
          />
        ) : (
          <div className="aspect-[4/3] w-24 rounded-control bg-slate-100" aria-hidden="true" />
        ),
    },
    {
      key: 'name',
      header: t`Make and Model`,
      cell: (v) => (
        <>
          <Link
            to={VehiclePaths.detail(v.id)}
            onClick={stop}
            className="font-medium text-accent-800 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {v.make} {v.model}
          </Link>
          <VehiclePlacePrompt vehicle={v} />
        </>
      ),
    },
    { key: 'fuel', header: t`Fuel Type`, cell: (v) => fuelName(i18n, v.fuelType) },
    { key: 'price', header: t`Price per Day`, align: 'right', cell: (v) => <Money amount={v.pricePerDay} /> },
    { key: 'booked', header: t`Times Booked`, align: 'right', cell: (v) => <span className="tabular-nums">{v.timesBooked}</span> },
    {
      key: 'rating',
      header: t`Rating`,
      cell: (v) => <Stars rating={v.starRating} reviewCount={v.reviewCount} className="whitespace-nowrap" />,
    },
    {
      key: 'actions',
      header: t`Actions`,
      align: 'right',
      hideLabelOnCard: true,
      cell: (v) => (
        <div className="flex flex-wrap justify-end gap-2 stacked:w-full stacked:pt-2" onClick={stop} onKeyDown={(e) => e.stopPropagation()}>
          {onAvailability && (
            <Button size="sm" variant="secondary" onClick={() => onAvailability(v)} aria-label={t`Availability of ${v.make} ${v.model}`}>
              <Trans>Availability</Trans>
            </Button>
          )}
          <Link to={`/manage/vehicles/edit/${v.id}`} className={buttonClasses('secondary', 'sm')} aria-label={t`Edit ${v.make} ${v.model}`}>
            <Trans>Edit</Trans>
          </Link>
          <Button size="sm" variant="danger-outline" onClick={() => setToDelete(v)} aria-label={t`Delete ${v.make} ${v.model}`}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {t`${plural(vehicles.data.length, { one: '# vehicle', other: '# vehicles' })} listed`}
          {onRowSelect ? ` · ${t`select a row to see its bookings`}` : ''}
        </p>
        <Link to="/manage/vehicles/create" className={buttonClasses('primary', 'md')}>
          <Trans>List a vehicle</Trans>
        </Link>
      </div>
      <DataTable
        columns={columns}
        rows={vehicles.data}
        getRowKey={(v) => v.id}
        caption={t`My vehicles`}
        onRowClick={onRowSelect ? (v) => onRowSelect(v.id, v) : undefined}
        rowLabel={(v) => t`Show bookings of ${v.make} ${v.model}`}
        stackBelow="lg"
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t`Delete this vehicle?`}
        description={
          toDelete ? `${toDelete.make} ${toDelete.model} will disappear from the listing and can no longer be rented.` : undefined
        }
        confirmLabel={t`Delete`}
        variant="danger"
        isLoading={deleteVehicle.isPending}
        onConfirm={handleDelete}
      />
    </div>
  );
}
