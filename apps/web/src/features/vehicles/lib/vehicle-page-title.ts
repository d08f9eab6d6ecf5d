import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import '../../../i18n/vehicle-messages';

const FOR_RENT = msg`{vehicle} ({year}) for rent`;

/**
 * A details page's title in the page's language: what a search result or a browser tab should name
 * ('BMW X5 (2021) for rent'); the server's <head> and the screen's tab title write it alike.
 */
export function vehiclePageTitle(vehicle: Pick<VehicleDetail, 'make' | 'model' | 'dateOfProduction'>, i18n: I18n): string {
  const values = { vehicle: `${vehicle.make} ${vehicle.model}`, year: vehicle.dateOfProduction.slice(0, 4) };
  // Not an object literal inside i18n._(): the extractor would take it for a new message.
  const title: MessageDescriptor = Object.assign({}, FOR_RENT, { values });
  return i18n._(title);
}
