import type { ChatUser } from '@rentdrive/contracts/chat';
import { formatTime } from '../../../lib/format-date';

export interface RecentChatsState {
  /** Users raised locally (picked from search, a message came or went), most recent first. */
  raised: ChatUser[];
}

/**
 * The sidebar list: users raised locally first (newest raise on top), then the server's list in
 * its order (latest message first), each user once.
 */
export function mergeRecentChats(server: ChatUser[], raised: ChatUser[]): ChatUser[] {
  const seen = new Set<string>();
  const out: ChatUser[] = [];
  for (const user of [...raised, ...server]) {
    if (seen.has(user.userId)) continue;
    seen.add(user.userId);
    out.push(user);
  }
  return out;
}

/** Puts the user at the top of the raised list, without a duplicate. */
export function raise(raised: ChatUser[], user: ChatUser): ChatUser[] {
  return [user, ...raised.filter((u) => u.userId !== user.userId)];
}

/** The initial of a username for the avatar. */
export function initialOf(username: string): string {
  return (username.trim().charAt(0) || '?').toUpperCase();
}

/** hour:minute for a message bubble, in the app's one time style (the wallet shows the same). */
export function formatMessageTime(iso: string): string {
  return formatTime(iso);
}
