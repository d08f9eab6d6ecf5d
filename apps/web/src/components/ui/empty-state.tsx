import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'No transaction history available.' */
  message: ReactNode;
  title?: ReactNode;
  /** A way forward (a link or button). */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ message, title, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center',
        className,
      )}
    >
      {icon && (
        <div className="text-slate-400" aria-hidden="true">
          {icon}
        </div>
      )}
      {title && <p className="text-base font-semibold text-slate-800">{title}</p>}
      <p className="text-sm text-slate-600">{message}</p>
      {action}
    </div>
  );
}
