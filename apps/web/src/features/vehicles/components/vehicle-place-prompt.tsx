import { Trans } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import type { MyVehicle } from '@rentdrive/contracts/vehicles';

/**
 * My Vehicles (issue 26): a vehicle without a pick-up place (listed before places, or by another
 * client) asks its owner to add one; it is found meanwhile only by searches that name no place.
 */
export function VehiclePlacePrompt({ vehicle }: { vehicle: MyVehicle }) {
  if (vehicle.city !== null) return vehicle.city ? <span className="block text-xs text-slate-600">{vehicle.city}</span> : null;
  return (
    <Link
      to={`/manage/vehicles/edit/${vehicle.id}`}
      className="mt-1 block text-xs font-medium text-pending underline"
      data-testid="add-place"
      onClick={(event) => event.stopPropagation()}
    >
      <Trans>Add a pick-up place: renters searching near them cannot find this vehicle yet</Trans>
    </Link>
  );
}
