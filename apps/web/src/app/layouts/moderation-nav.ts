import '../../i18n/more-messages';
import { msg } from '@lingui/core/macro';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { NavItem } from './nav-items';

/**
 * Moderation and Users (issue 28), in the employees' Manage menu. Kept out of nav-items.ts, which the
 * header's first load carries: these load with the menu, which only employees open.
 */
export const MODERATION_NAV: NavItem[] = [
  { to: WebPaths.manage.moderation, label: msg`Moderation` },
  { to: WebPaths.manage.users, label: msg`Users` },
];
