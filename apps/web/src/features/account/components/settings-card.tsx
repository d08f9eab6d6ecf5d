import type { ReactNode } from 'react';

export function SettingsCard({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    // min-w-0 and wrap-anywhere: a grid item of the Settings column, so a word longer than a phone's
    // card (a German compound, an e-mail address) breaks inside the card instead of widening the page.
    <section aria-labelledby={id} className="min-w-0 rounded-card border border-slate-200 bg-white p-5 shadow-sm wrap-anywhere sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
