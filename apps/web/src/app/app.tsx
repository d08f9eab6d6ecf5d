import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorModalProvider } from '../components/ui/error-modal-provider';
import { ToastProvider } from '../components/ui/toast';

/** Everything around the router; the browser and the server renderer wrap their router in the same tree. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ErrorModalProvider>{children}</ErrorModalProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
