import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface PageHeadingProps {
  /** Small line above the title (e.g. 'Chat Dashboard'). */
  subtitle?: ReactNode;
  /** The page's h1 (e.g. 'Your Messages'). */
  title: ReactNode;
  /** Text or actions under the title. */
  children?: ReactNode;
  /**
   * 'hero': the spec's generous banner padding (230 px top, 120 px bottom on wide screens, less on
   * phones); 'default': a comfortable band; 'compact': no band and no top padding, for inner
   * pages like the profile screens.
   */
  size?: 'hero' | 'default' | 'compact';
  className?: string;
}

const SIZE_CLASSES = {
  hero: 'pt-20 pb-12 md:pt-[230px] md:pb-[120px]',
  default: 'pt-12 pb-10 md:pt-20 md:pb-14',
  compact: 'pb-5',
} as const;

export function PageHeading({ subtitle, title, children, size = 'default', className }: PageHeadingProps) {
  const isBanner = size !== 'compact';
  return (
    <header className={cn(isBanner && 'bg-gradient-to-b from-accent-50 to-white', SIZE_CLASSES[size], className)}>
      <div className={cn('mx-auto max-w-7xl', isBanner ? 'px-4 text-center sm:px-6' : '')}>
        {subtitle && <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{subtitle}</p>}
        <h1
          className={cn(
            'font-bold tracking-tight text-slate-900',
            isBanner ? 'mt-2 text-3xl sm:text-[44px] sm:leading-tight' : 'mt-1 text-2xl',
          )}
        >
          {title}
        </h1>
        {children && <div className="mt-3 text-slate-600">{children}</div>}
      </div>
    </header>
  );
}
