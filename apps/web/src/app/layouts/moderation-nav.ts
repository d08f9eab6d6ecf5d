import '../../i18n/more-messages';
import { msg } from '@lingui/core/macro';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { NavItem } from './nav-items';

/**
 * The employees' operations pages (issues 28, 27 and 25): Moderation, Users, the Audit trail,
 * damage claims and the operators' mail outbox, in the Manage menu (desktop) and the phone menu's
 * Manage section. Kept out of nav-items.ts, which the header's first load carries: these load with
 * the menus, which only employees open.
 */
export const MODERATION_NAV: NavItem[] = [
  { to: WebPaths.manage.moderation, label: msg`Moderation` },
  { to: WebPaths.manage.users, label: msg`Users` },
  { to: WebPaths.manage.audit, label: msg`Audit trail` },
  // Damage claims on deposits (issue 27).
  { to: WebPaths.manage.claims, label: msg`Damage claims` },
  { to: WebPaths.manage.mail, label: msg`Undelivered e-mail` },
];
