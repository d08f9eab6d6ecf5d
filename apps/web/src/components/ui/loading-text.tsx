import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export interface LoadingTextProps {
  /** The whole text, from a catalogue ('Loading your figures...'); 'Loading...' without it. */
  text?: string;
  className?: string;
}

export function LoadingText({ text, className }: LoadingTextProps) {
  const { t } = useLingui();
  return (
    <p role="status" className={cn('flex items-center justify-center gap-2 py-8 text-slate-600', className)}>
      <Spinner className="text-accent-700" />
      {text ?? t`Loading...`}
    </p>
  );
}
