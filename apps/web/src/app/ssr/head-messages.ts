import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import '../../i18n/more-messages';

/**
 * What the server renderer writes into a page's <head> (title, description, Open Graph) in the page's
 * language (issue 24). Titles the screens show too are the same messages as the screens' (`t` of the
 * same English text is the same message), so the tab title does not change at hydration.
 */
export const HeadMessages = {
  siteDescription: msg`Rent cars, trucks, motorcycles, bicycles and e-scooters by the day.`,
  homeTitle: msg`Find Your Next Ride`,
  homeDescription: msg`Rent cars, trucks, motorcycles, bicycles and e-scooters by the day from over {count} active listings: compare prices, ratings and availability, then book in a few clicks.`,
  allVehicles: msg`All Vehicles`,
  listingDescription: msg`Vehicles for rent by the day on {product}: {total, plural, one {# vehicle} other {# vehicles}} listed. Compare prices, ratings and availability, then book in a few clicks.`,
  listingTypeDescription: msg`{heading} for rent by the day on {product}: {total, plural, one {# vehicle} other {# vehicles}} listed. Compare prices, ratings and availability, then book in a few clicks.`,
  vehicleNotFound: msg`Vehicle not found`,
  pageNotFound: msg`Page Not Found`,
  vehicleSocialTitle: msg`{title}: {price} per day`,
  vehicleDescription: msg`{vehicle} for {price} per day. {description}`,
  about: msg`About Us`,
  aboutDescription: msg`{product} is a marketplace for renting cars, trucks, motorcycles, bicycles and e-scooters by the day, from owners near you.`,
  privacy: msg`Privacy Policy`,
  privacyDescription: msg`How {product} collects, uses and protects the personal data of renters and vehicle owners.`,
  contact: msg`Contact Us`,
  contactDescription: msg`Questions about a rental, listing your vehicle or your wallet? Send {product} a message or visit our office.`,
};

/** A message with its values in `i18n`'s language (no object literal in `i18n._(…)`: the extractor reads those as new messages). */
export function translate(i18n: I18n, message: MessageDescriptor, values: Record<string, unknown>): string {
  const withValues: MessageDescriptor = Object.assign({}, message, { values });
  return i18n._(withValues);
}
