import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items';

export type NavLinkClass = (state: { isActive: boolean }) => string;

/** Header links as list items: the desktop bar and the phone menu (phone-menu.tsx) share it. */
export function NavList({
  items,
  linkClass,
  renderLabel,
}: {
  items: NavItem[];
  linkClass: NavLinkClass;
  renderLabel?: (item: NavItem) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={linkClass}>
            {renderLabel ? renderLabel(item) : i18n._(item.label)}
          </NavLink>
        </li>
      ))}
    </>
  );
}
