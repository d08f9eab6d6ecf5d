import '../../i18n/more-messages';
import { msg } from '@lingui/core/macro';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { NavItem } from './nav-items';

/**
 * The employees' operations pages (issue 28 and 25): Moderation, Users, the Audit trail and the
 * operators' mail outbox, in the Manage menu (desktop) and the phone menu's Manage section. Kept out
 * of nav-items.ts, which the header's first load carries: these load with the menus, which only
 * employees open.
 */
export const MODERATION_NAV: NavItem[] = [
  { to: WebPaths.manage.moderation, label: msg`Moderation` },
  { to: WebPaths.manage.users, label: msg`Users` },
  { to: WebPaths.manage.audit, label: msg`Audit trail` },
  // DAMAGE CLAIMS (issue 27): the claims screen's link goes here, once its route exists:
  //   { to: WebPaths.manage.claims, label: msg`Damage claims` },
  // (WebPaths.manage.claims in packages/contracts/src/web-paths.ts and its page in app/router.tsx.)
  { to: WebPaths.manage.mail, label: msg`Undelivered e-mail` },
];
