import { WebPaths } from '@rentdrive/contracts/web-paths';

/** Header links by role. One list feeds the desktop bar and the phone menu. */
export interface NavItem {
  to: string;
  label: string;
  /** Only an exact path match marks it current (Home). */
  end?: boolean;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: WebPaths.home, label: 'Home', end: true },
  { to: WebPaths.listing, label: 'Listing' },
  { to: WebPaths.contact, label: 'Contact' },
];

export const SIGNED_IN_NAV: NavItem[] = [
  { to: WebPaths.chat, label: 'Chat' },
  { to: WebPaths.profile.overview, label: 'My Profile' },
];

export const LIST_VEHICLE_NAV: NavItem = { to: WebPaths.manage.createVehicle, label: 'List a vehicle' };

export const MANAGE_NAV: NavItem[] = [
  { to: WebPaths.manage.vehicleTypes, label: 'Vehicle Types' },
  { to: WebPaths.manage.vehicleTypeCategories, label: 'Vehicle Type Categories' },
  { to: WebPaths.manage.vehicleTypeProperties, label: 'Vehicle Type Properties' },
];
