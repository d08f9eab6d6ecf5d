import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { captureFocusReturn, returnFocus, type FocusReturn } from './focus-return';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZE_CLASSES: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Shows the description to screen readers only. */
  hideDescription?: boolean;
  children?: ReactNode;
  /** Action row at the bottom (buttons), right-aligned on wide screens, stacked on phones. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Shows the × close button in the corner (default true). */
  showClose?: boolean;
  className?: string;
  /** Where focus goes on close when the control that opened the dialog is gone or disabled by then. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A dialog (Radix): focus trapped inside, Escape and the overlay close it, focus returns to the
 * opener (or a sensible place near it when the opener is gone; see focus-return). On phones it takes
 * the bottom of the screen; from 640 px it is centered.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  children,
  footer,
  size = 'md',
  showClose = true,
  className,
  returnFocusTo,
}: ModalProps) {
  const { t } = useLingui();
  const focusReturn = useRef<FocusReturn | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-card bg-white shadow-xl outline-none',
            'sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card',
            'data-[state=open]:animate-[modal-in_180ms_ease-out]',
            SIZE_CLASSES[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            focusReturn.current = captureFocusReturn();
          }}
          onCloseAutoFocus={(event) => {
            if (!focusReturn.current) return;
            event.preventDefault();
            returnFocus(focusReturn.current, returnFocusTo);
            focusReturn.current = null;
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className={cn('mt-1 text-sm text-slate-600', hideDescription && 'sr-only')}>
                  {description}
                </Dialog.Description>
              )}
            </div>
            {showClose && (
              <Dialog.Close
                className="-mr-1 rounded-control p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-accent-600"
                aria-label={t`Close`}
              >
                <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </Dialog.Close>
            )}
          </div>
          {children !== undefined && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
