import type { ReactNode } from 'react';

/** The centered card of the login and register screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex justify-center bg-gradient-to-b from-accent-50 to-white px-4 py-12 sm:py-20">
      <div className="w-full max-w-md rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </main>
  );
}
