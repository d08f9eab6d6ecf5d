import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { translateApiText } from '../../i18n/catalogues';
import { cn } from '../../lib/cn';

/** A form-level message (e.g. a server refusal) announced to screen readers. Renders nothing without a message. */
export function FormAlert({ message, tone = 'error', className }: { message?: ReactNode; tone?: 'error' | 'success'; className?: string }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-control border px-3 py-2 text-sm',
        tone === 'error' ? 'border-red-200 bg-red-50 text-danger' : 'border-green-200 bg-green-50 text-money-in',
        className,
      )}
    >
      {typeof message === 'string' ? translateApiText(i18n, message) : message}
    </div>
  );
}
