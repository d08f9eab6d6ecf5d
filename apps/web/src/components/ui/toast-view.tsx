import { useEffect } from 'react';
import { cn } from '../../lib/cn';
import type { ToastItem, ToastKind } from './toast';

const TOAST_DURATION_MS = 4_000;

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-l-money-in',
  error: 'border-l-danger',
  info: 'border-l-accent-700',
};

/** One toast (loaded with the first one, components/ui/toast.tsx): it leaves after 4 s or on dismiss. */
export function ToastView({ toast, onDismiss, dismissLabel }: { toast: ToastItem; onDismiss: (id: number) => void; dismissLabel: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <li
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-card border border-l-4 border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg',
        'animate-[toast-in_180ms_ease-out]',
        KIND_CLASSES[toast.kind],
      )}
      data-toast={toast.kind}
    >
      <span className="flex-1">{toast.message}</span>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-0.5 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-accent-600"
        aria-label={dismissLabel}
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </li>
  );
}
