import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
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
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useUserVehicles } from '../api/get-user-vehicles';
import { imageSrc } from '../../../lib/image-src';
import { VehiclePaths } from '@rentdrive/contracts/paths';

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
        toast.success(`${name} was removed.`);
      },
      onError: (error) => {
        setToDelete(null);
        showError(error);
      },
    });
  }

  if (vehicles.isPending) {
    return (
      <SkeletonGroup label="Loading your vehicles..." className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-card" />
        ))}
      </SkeletonGroup>
    );
  }
  if (vehicles.error) {
    return (
      <ErrorState
        message={`Error: ${errorMessage(vehicles.error)}`}
        onRetry={() => void vehicles.refetch()}
        isRetrying={vehicles.isFetching}
      />
    );
  }
  if (vehicles.data.length === 0) {
    return (
      <EmptyState
        title="You haven't listed any vehicles yet."
        message="List your car, bike or scooter and earn when others rent it."
        action={
          <Link to="/manage/vehicles/create" className={buttonClasses('primary', 'md')}>
            List a vehicle
          </Link>
        }
      />
    );
  }

  const columns: DataTableColumn<MyVehicle>[] = [
    {
      key: 'image',
      header: 'Image',
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
      header: 'Make and Model',
      cell: (v) => (
        <Link
          to={VehiclePaths.detail(v.id)}
          onClick={stop}
          className="font-medium text-accent-800 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {v.make} {v.model}
        </Link>
      ),
    },
    { key: 'fuel', header: 'Fuel Type', cell: (v) => v.fuelType },
    { key: 'price', header: 'Price per Day', align: 'right', cell: (v) => <Money amount={v.pricePerDay} /> },
    { key: 'booked', header: 'Times Booked', align: 'right', cell: (v) => <span className="tabular-nums">{v.timesBooked}</span> },
    {
      key: 'rating',
      header: 'Rating',
      cell: (v) => <Stars rating={v.starRating} reviewCount={v.reviewCount} className="whitespace-nowrap" />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      hideLabelOnCard: true,
      cell: (v) => (
        <div className="flex flex-wrap justify-end gap-2 stacked:w-full stacked:pt-2" onClick={stop} onKeyDown={(e) => e.stopPropagation()}>
          {onAvailability && (
            <Button size="sm" variant="secondary" onClick={() => onAvailability(v)} aria-label={`Availability of ${v.make} ${v.model}`}>
              Availability
            </Button>
          )}
          <Link to={`/manage/vehicles/edit/${v.id}`} className={buttonClasses('secondary', 'sm')} aria-label={`Edit ${v.make} ${v.model}`}>
            Edit
          </Link>
          <Button size="sm" variant="danger-outline" onClick={() => setToDelete(v)} aria-label={`Delete ${v.make} ${v.model}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {vehicles.data.length} {vehicles.data.length === 1 ? 'vehicle' : 'vehicles'} listed
          {onRowSelect ? ' · select a row to see its bookings' : ''}
        </p>
        <Link to="/manage/vehicles/create" className={buttonClasses('primary', 'md')}>
          List a vehicle
        </Link>
      </div>
      <DataTable
        columns={columns}
        rows={vehicles.data}
        getRowKey={(v) => v.id}
        caption="My vehicles"
        onRowClick={onRowSelect ? (v) => onRowSelect(v.id, v) : undefined}
        rowLabel={(v) => `Show bookings of ${v.make} ${v.model}`}
        stackBelow="lg"
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this vehicle?"
        description={
          toDelete ? `${toDelete.make} ${toDelete.model} will disappear from the listing and can no longer be rented.` : undefined
        }
        confirmLabel="Delete"
        variant="danger"
        isLoading={deleteVehicle.isPending}
        onConfirm={handleDelete}
      />
    </div>
  );
}
