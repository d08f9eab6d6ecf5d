import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';

/** Testing Library's default wrapper in the web tests (setup.ts): every screen speaks through Lingui, in English. */
export function EnglishI18n({ children }: { children: ReactNode }) {
  return <I18nProvider locale="en">{children}</I18nProvider>;
}
