import { useLingui } from '@lingui/react/macro';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  /** Confirms a finished action ('Profile updated.'). */
  success: (message: string) => void;
  /** Reports a failed action that needs no modal. */
  error: (message: string) => void;
  info: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

// A page that shows no toast never loads how one looks (about 0.4 KB of every page's first load):
// the live region is there from the start, its items come with the first toast.
const ToastView = lazy(() => import('./toast-view').then((m) => ({ default: m.ToastView })));

/** Toasts in a live region (bottom right; full width on phones); they leave after 4 s or on dismiss. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const dismissLabel = t`Dismiss notification`;
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((kind: ToastKind, message: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-2), { id, kind, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ success: (m) => push('success', m), error: (m) => push('error', m), info: (m) => push('info', m) }),
    [push],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="false"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:justify-end"
      >
        <ol className="flex w-full max-w-sm flex-col gap-2">
          {toasts.length > 0 && (
            <Suspense fallback={null}>
              {toasts.map((toast) => (
                <ToastView key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={dismissLabel} />
              ))}
            </Suspense>
          )}
        </ol>
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Saved.')` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
