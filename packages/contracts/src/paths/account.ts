import { AccountSessionPaths } from './account-session';

export const AccountPaths = {
  register: '/api/account/register',
  login: '/api/account/login',
  logout: '/api/account/logout',
  /** The signed-in user with balances; 401 when signed out. */
  me: '/api/account/me',
  ...AccountSessionPaths,
  overviewDetails: '/api/account/overview-details',
  profileDetails: '/api/account/user-profile-details',
  updateProfileDetails: '/api/account/update-profile-details',
  updatePassword: '/api/account/update-password',
  /** PUT: the language the signed-in person reads (notifications, e-mails). */
  language: '/api/account/language',
} as const;
