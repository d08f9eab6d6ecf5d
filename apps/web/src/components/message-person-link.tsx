import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { chatWithPath, offerChatDraft } from '../lib/chat-draft';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';

export interface MessagePersonLinkProps {
  userId: string;
  username: string;
  /** What the draft is about (a vehicle and dates, a rental): offered once per subject. */
  subject: string;
  /** The draft put in the message input the first time. */
  draft: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * Opens the chat with a person (the vehicle's owner, a renter) with a first-time draft. A visitor
 * goes to log in first and arrives in that chat afterwards.
 *
 * Like the favourite heart, it waits until the page is interactive and knows who is signed in: before
 * that it is not a link yet (no href: a click does nothing), since a click then would count as a
 * visitor's and lose the chat it was meant for (the browser would load /login without the return).
 */
export function MessagePersonLink({ userId, username, subject, draft, className, children, ...rest }: MessagePersonLinkProps) {
  const { user, isLoading } = useSession();
  const isReady = useHydrated() && !isLoading;
  const chat = chatWithPath(userId, username);
  if (!isReady) {
    return (
      <a aria-disabled="true" className={cn(className, 'cursor-wait opacity-60')} aria-label={rest['aria-label']}>
        {children}
      </a>
    );
  }
  return (
    <Link
      to={user ? chat : WebPaths.login}
      state={user ? undefined : { from: chat }}
      onClick={() => offerChatDraft(userId, subject, draft)}
      className={className}
      aria-label={rest['aria-label']}
    >
      {children}
    </Link>
  );
}
