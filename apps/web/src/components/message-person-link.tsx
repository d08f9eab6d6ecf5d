import { Link } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { chatWithPath, offerChatDraft } from '../lib/chat-draft';

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
 */
export function MessagePersonLink({ userId, username, subject, draft, className, children, ...rest }: MessagePersonLinkProps) {
  const { user: sessionUser } = useSession();
  // The server's markup is everyone's (a visitor's link) until the page is interactive.
  const user = useHydrated() ? sessionUser : null;
  const chat = chatWithPath(userId, username);
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
