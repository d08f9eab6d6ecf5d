import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { NavLink } from 'react-router';
import { MODERATION_NAV } from './moderation-nav';

/**
 * The operations links (Moderation, Users, Audit trail, mail outbox) in the phone menu's Manage
 * section, as list items after the catalogue links. Its own chunk: only employees open that menu.
 */
export function ManagePhoneLinks({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const { i18n } = useLingui();
  return (
    <>
      {MODERATION_NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass}>
            {i18n._(item.label)}
          </NavLink>
        </li>
      ))}
    </>
  );
}
