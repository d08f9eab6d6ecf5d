import '@testing-library/jest-dom/vitest';
import { cleanup, configure, type RenderOptions } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, vi } from 'vitest';

// A chunk a screen loads on first use (the phone filters dialog) is transformed by Vite on the way,
// which can take more than Testing Library's default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());

// The web files share one worker and its module cache (vitest.config.ts, `isolate: false`): what one
// file leaves behind (fake timers, stubbed globals or env, stored values) must not reach the next.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});

// Components speak through Lingui (ADR 018): a test's render is wrapped in the English I18nProvider
// unless it passes its own wrapper (renderWithApp brings its own provider, for other languages too).
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof import('@testing-library/react')>();
  const { EnglishI18n } = await import('./i18n-wrapper');
  return {
    ...rtl,
    render: ((ui: ReactNode, options?: RenderOptions) => rtl.render(ui, { wrapper: EnglishI18n, ...options })) as typeof rtl.render,
    renderHook: ((callback, options) => rtl.renderHook(callback, { wrapper: EnglishI18n, ...options })) as typeof rtl.renderHook,
  };
});
