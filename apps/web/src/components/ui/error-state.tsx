import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  /** What went wrong, e.g. `Error: ${message}`. */
  message: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  isRetrying?: boolean;
  /** Another way out (e.g. a link home). */
  action?: ReactNode;
  className?: string;
}

export function ErrorState({ message, onRetry, retryLabel, isRetrying, action, className }: ErrorStateProps) {
  const { t } = useLingui();
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 rounded-card border border-red-200 bg-red-50 px-6 py-8 text-center', className)}
    >
      <p className="text-sm text-danger">{message}</p>
      {(onRetry || action) && (
        <div className="flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry} isLoading={isRetrying}>
              {retryLabel ?? t`Try again`}
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
