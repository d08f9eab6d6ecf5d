import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '@rentdrive/contracts/locales';

/**
 * The language of the page the server renderer is rendering (its URL prefix), for the API calls that
 * rendering makes: entry-server.tsx sends it as their Accept-Language. Per call (an async context),
 * since the renderer renders pages in several languages at once.
 */
export const renderingLocale = new AsyncLocalStorage<Locale>();
