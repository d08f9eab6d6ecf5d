import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

// The dialog (and Radix) loads only the first time an error is shown, keeping first-load JS small.
const ErrorModal = lazy(() => import('./error-modal').then((m) => ({ default: m.ErrorModal })));

export interface ErrorModalApi {
  /** Shows the common error modal: an ApiError's detail, an Error's message, a string, or the default text. */
  showError: (error?: unknown) => void;
}

const ErrorModalContext = createContext<ErrorModalApi | null>(null);

function messageOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.detail;
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return null;
}

export function ErrorModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; message: string | null; wasOpened: boolean }>({
    open: false,
    message: null,
    wasOpened: false,
  });
  const showError = useCallback((error?: unknown) => setState({ open: true, message: messageOf(error), wasOpened: true }), []);
  const api = useMemo(() => ({ showError }), [showError]);
  return (
    <ErrorModalContext.Provider value={api}>
      {children}
      {state.wasOpened && (
        <Suspense fallback={null}>
          <ErrorModal open={state.open} message={state.message} onClose={() => setState((s) => ({ ...s, open: false }))} />
        </Suspense>
      )}
    </ErrorModalContext.Provider>
  );
}

/** `const { showError } = useErrorModal(); ... onError: showError` */
export function useErrorModal(): ErrorModalApi {
  const api = useContext(ErrorModalContext);
  if (!api) throw new Error('useErrorModal must be used inside ErrorModalProvider');
  return api;
}
