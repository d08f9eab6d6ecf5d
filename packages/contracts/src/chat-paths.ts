/**
 * Chat paths and the unread-count answer without zod, so the header (in every page's first load)
 * can use them without loading the schemas chunk. packages/contracts/src/chat.ts re-exports them.
 */
export const ChatPaths = {
  history: (userId: string) => `/api/chat/load-chat-history/${encodeURIComponent(userId)}`,
  searchUsers: (text: string) => `/api/chat/search-users/${encodeURIComponent(text)}`,
  recentChats: '/api/chat/recent-chats',
  unreadCount: '/api/chat/unread-count',
  markRead: (userId: string) => `/api/chat/mark-read/${encodeURIComponent(userId)}`,
} as const;

/** GET /api/chat/unread-count and POST /api/chat/mark-read/{userId}: messages to me not read yet, all conversations. */
export interface UnreadCount {
  count: number;
}
