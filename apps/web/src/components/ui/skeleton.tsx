import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A grey block shaped like the content that is loading; size it with className (h-4 w-32, aspect-4/3...). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none', className)} />;
}

/** A few lines of text-shaped skeletons; the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('space-y-2', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', i === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

/**
 * Wraps skeletons with one status message for screen readers ('Loading vehicles...') so the grey
 * blocks themselves stay silent.
 */
export function SkeletonGroup({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
