import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ChatUser } from '@rentdrive/contracts/chat';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { Avatar } from './avatar';

export interface RecentChatListProps {
  users: ChatUser[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedUserId: string | null;
  unread: Record<string, number>;
  isOnline: (user: ChatUser) => boolean;
  /** `byKeyboard`: chosen with Enter or Space (the conversation then takes focus in its message input). */
  onSelect: (user: ChatUser, byKeyboard: boolean) => void;
}

/** Recent chats, latest first: avatar initial, username, online dot and an unread mark. */
export function RecentChatList({ users, isLoading, isError, onRetry, selectedUserId, unread, isOnline, onSelect }: RecentChatListProps) {
  const { t } = useLingui();
  if (isLoading) {
    return (
      <div role="status" aria-label={t`Loading recent chats...`} className="space-y-3 p-3">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </div>
        ))}
      </div>
    );
  }
  if (isError && users.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 p-4 text-center text-sm text-danger">
        <Trans>Failed to fetch recent chats.</Trans>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (users.length === 0)
    return (
      <p className="p-4 text-center text-sm text-slate-600">
        <Trans>No users found</Trans>
      </p>
    );
  return (
    <ul aria-label={t`Recent chats`} className="divide-y divide-slate-100">
      {users.map((user) => {
        const online = isOnline(user);
        const unreadCount = unread[user.userId] ?? 0;
        const isSelected = user.userId === selectedUserId;
        return (
          <li key={user.userId}>
            <button
              type="button"
              // A click from Enter or Space has no pointer: detail 0.
              onClick={(event) => onSelect(user, event.detail === 0)}
              aria-current={isSelected ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 px-3 py-3 text-left transition-colors duration-150 hover:bg-slate-50',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600',
                isSelected && 'bg-accent-50 hover:bg-accent-50',
              )}
            >
              <Avatar username={user.username} online={online} />
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate text-sm text-slate-900', unreadCount > 0 ? 'font-bold' : 'font-medium')}>
                  {user.username}
                </span>
                <span className="block text-xs text-slate-600">{online ? t`Online` : t`Offline`}</span>
              </span>
              {unreadCount > 0 && (
                <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread-badge">
                  {unreadCount}
                  <span className="sr-only"> {t`unread`}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
