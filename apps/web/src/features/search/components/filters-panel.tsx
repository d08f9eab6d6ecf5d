import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../i18n/format';

export interface FiltersPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number | undefined;
  /** The button that opened the panel: focus goes back to it on close (there is no Dialog.Trigger). */
  returnFocusRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * Phones: the filters slide over from the left (DESIGN.md), with a button to see the results.
 * Loaded on demand by the listing (Radix Dialog stays out of its first load).
 */
export function FiltersPanel({ open, onOpenChange, total, returnFocusRef, children }: FiltersPanelProps) {
  const { t } = useLingui();
  const format = useFormat();
  const showCount = (count: number) => {
    const shown = format.count(count);
    return t`${plural(count, { one: `Show ${shown} vehicle`, other: `Show ${shown} vehicles` })}`;
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col bg-white shadow-xl outline-none data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              <Trans>Filters</Trans>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t`Close filters`}
              className="rounded-control p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-slate-200 p-4">
            <Button fullWidth onClick={() => onOpenChange(false)}>
              {total === undefined ? t`Show vehicles` : showCount(total)}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
