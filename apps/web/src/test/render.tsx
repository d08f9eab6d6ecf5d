import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ErrorModalProvider } from '../components/ui/error-modal-provider';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../i18n/i18n-provider';
import { flushRouterUpdate } from '../lib/flush-router-update';

/**
 * Renders a component the way the app does (query client, toasts, error modal, a router at `path`),
 * with retries off so failures show at once; `url` (default `path`) is the address opened, e.g. with a query;
 * `locale` the language (English by default; another one's catalogue must be loaded first).
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', url = path, locale }: { path?: string; url?: string; locale?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Other page</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ErrorModalProvider>
            <RouterProvider router={router} flushSync={flushRouterUpdate} />
          </ErrorModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, queryClient };
}
