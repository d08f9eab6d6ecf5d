import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { useToast } from '../../../components/ui/toast';
import { useDeleteVehicle } from '../api/delete-vehicle';

export interface VehicleOwnerMenuProps {
  vehicleId: string;
  vehicleName: string;
  canEdit: boolean;
  canDelete: boolean;
  /** Opens the blocked-days calendar (owners, and employees on company vehicles). */
  onAvailability?: () => void;
}

const ITEM_CLASSES =
  'flex cursor-pointer select-none items-center gap-2 rounded-control px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/** The owner's (or an employee's) menu on the details page: edit, delete with confirmation, then /listing. */
export default function VehicleOwnerDropdown({ vehicleId, vehicleName, canEdit, canDelete, onAvailability }: VehicleOwnerMenuProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const deleteVehicle = useDeleteVehicle();
  const { showError } = useErrorModal();
  const toast = useToast();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  function handleDelete() {
    deleteVehicle.mutate(vehicleId, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        toast.success(t`${vehicleName} was removed.`);
        void navigate('/listing');
      },
      onError: (error) => {
        setIsConfirmOpen(false);
        showError(error);
      },
    });
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="inline-flex h-10 items-center gap-2 rounded-control border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          aria-label={t`Manage this vehicle`}
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <circle cx="4" cy="10" r="1.75" />
            <circle cx="10" cy="10" r="1.75" />
            <circle cx="16" cy="10" r="1.75" />
          </svg>
          <Trans>Manage</Trans>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-40 min-w-44 rounded-card border border-slate-200 bg-white p-1 shadow-lg"
          >
            {canEdit && (
              <DropdownMenu.Item
                className={`${ITEM_CLASSES} text-slate-800`}
                onSelect={() => void navigate(`/manage/vehicles/edit/${vehicleId}`)}
              >
                <Trans>Edit vehicle</Trans>
              </DropdownMenu.Item>
            )}
            {onAvailability && (
              <DropdownMenu.Item className={`${ITEM_CLASSES} text-slate-800`} onSelect={onAvailability}>
                <Trans>Availability</Trans>
              </DropdownMenu.Item>
            )}
            {canDelete && (
              <DropdownMenu.Item
                className={`${ITEM_CLASSES} text-danger data-[highlighted]:bg-red-50`}
                onSelect={() => setIsConfirmOpen(true)}
              >
                <Trans>Delete vehicle</Trans>
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title={t`Delete this vehicle?`}
        description={t`${vehicleName} will disappear from the listing and can no longer be rented.`}
        confirmLabel={t`Delete`}
        variant="danger"
        isLoading={deleteVehicle.isPending}
        onConfirm={handleDelete}
      />
    </>
  );
}
