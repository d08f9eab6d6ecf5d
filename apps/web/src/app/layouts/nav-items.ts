/** Header links by role. One list feeds the desktop bar and the phone menu. */
export interface NavItem {
  to: string;
  label: string;
  /** Only an exact path match marks it current (Home). */
  end?: boolean;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/listing', label: 'Listing' },
  { to: '/contact-us', label: 'Contact' },
];

export const SIGNED_IN_NAV: NavItem[] = [
  { to: '/chat', label: 'Chat' },
  { to: '/profile', label: 'My Profile' },
];

export const LIST_VEHICLE_NAV: NavItem = { to: '/manage/vehicles/create', label: 'List a vehicle' };

export const MANAGE_NAV: NavItem[] = [
  { to: '/manage/vehicle-types', label: 'Vehicle Types' },
  { to: '/manage/vehicle-type-categories', label: 'Vehicle Type Categories' },
  { to: '/manage/vehicle-type-properties', label: 'Vehicle Type Properties' },
];
