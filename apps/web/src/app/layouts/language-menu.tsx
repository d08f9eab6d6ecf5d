import { useLingui } from '@lingui/react/macro';
import { useCallback, useId, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { LanguageList } from './language-switch';

/**
 * The header's language switch (issue 24), at every width: a small button with the current
 * language's code that opens the six languages, each in its own name (language-switch.tsx). The header
 * loads it as a lazy region (rendered by the server, its code out of the first load).
 */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const code = i18n.locale.toUpperCase();
  // 'ready' once this region has hydrated (a click before that is not seen): tests wait for it.
  const ready = useHydrated();
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        data-language-switch={ready ? 'ready' : ''}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${t`Language`} (${code})`}
        className="inline-flex h-10 items-center gap-1 rounded-control px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        {code}
      </button>
      {open && <LanguageList id={listId} root={root} button={button} onClose={close} />}
    </div>
  );
}
