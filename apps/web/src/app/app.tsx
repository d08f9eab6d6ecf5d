import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorModalProvider } from '../components/ui/error-modal-provider';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ErrorModalProvider>
          <RouterProvider router={router} />
        </ErrorModalProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
