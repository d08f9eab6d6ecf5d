import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export interface LoadingTextProps {
  /** Renders the spec's pattern 'Loading {what}...' (English only: screens pass a translated `text`). */
  what?: string;
  /** A full text instead of the pattern. */
  text?: string;
  className?: string;
}

export function LoadingText({ what, text, className }: LoadingTextProps) {
  const { t } = useLingui();
  return (
    <p role="status" className={cn('flex items-center justify-center gap-2 py-8 text-slate-600', className)}>
      <Spinner className="text-accent-700" />
      {text ?? (what ? `Loading ${what}...` : t`Loading...`)}
    </p>
  );
}
