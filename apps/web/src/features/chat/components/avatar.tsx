import { cn } from '../../../lib/cn';
import { initialOf } from '../lib/recent-chats';

/** The username's initial in a circle, with the presence dot when `online` is given. */
export function Avatar({ username, online, className }: { username: string; online?: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 font-semibold text-accent-800',
        className,
      )}
      aria-hidden="true"
    >
      {initialOf(username)}
      {online !== undefined && (
        <span
          data-testid="presence-dot"
          className={cn(
            'absolute -bottom-0.5 -right-0.5 size-3 rounded-full border-2 border-white',
            online ? 'bg-money-in' : 'bg-slate-400',
          )}
        />
      )}
    </span>
  );
}
