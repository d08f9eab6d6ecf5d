import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { MODERATION_NAV } from './moderation-nav';
import { MANAGE_NAV } from './nav-items';

/** The employees' 'Manage' dropdown (Radix: arrow keys, Escape, focus return). Loaded only for employees. */
export function ManageMenu() {
  const { i18n } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-control px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100">
        <Trans>Manage</Trans>
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-card border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          {[...MANAGE_NAV, ...MODERATION_NAV].map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="block rounded-control px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-accent-50 data-[highlighted]:text-accent-800"
              >
                {i18n._(item.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
