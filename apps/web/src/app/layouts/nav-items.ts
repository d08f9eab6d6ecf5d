import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WebPaths } from '@rentdrive/contracts/web-paths';

/** Header links by role. One list feeds the desktop bar and the phone menu. */
export interface NavItem {
  to: string;
  /** Translated where it is shown (i18n._). */
  label: MessageDescriptor;
  /** Only an exact path match marks it current (Home). */
  end?: boolean;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: WebPaths.home, label: msg`Home`, end: true },
  { to: WebPaths.listing, label: msg`Listing` },
  { to: WebPaths.contact, label: msg`Contact` },
];

export const SIGNED_IN_NAV: NavItem[] = [
  { to: WebPaths.chat, label: msg`Chat` },
  { to: WebPaths.profile.overview, label: msg`My Profile` },
];

export const LIST_VEHICLE_NAV: NavItem = { to: WebPaths.manage.createVehicle, label: msg`List a vehicle` };

export const MANAGE_NAV: NavItem[] = [
  { to: WebPaths.manage.vehicleTypes, label: msg`Vehicle Types` },
  { to: WebPaths.manage.vehicleTypeCategories, label: msg`Vehicle Type Categories` },
  { to: WebPaths.manage.vehicleTypeProperties, label: msg`Vehicle Type Properties` },
  { to: WebPaths.manage.dashboard, label: msg`Marketplace figures` },
];
