import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorModalProvider } from '../components/ui/error-modal-provider';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../i18n/i18n-provider';

/**
 * Everything around the router; the browser and the server renderer wrap their router in the same tree.
 * `locale`: the page's language (issue 24 phase 2 passes the URL prefix's; English by default).
 */
export function AppProviders({ queryClient, locale, children }: { queryClient: QueryClient; locale?: string; children: ReactNode }) {
  return (
    <I18nProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ErrorModalProvider>{children}</ErrorModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
