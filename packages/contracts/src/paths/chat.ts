import { template } from './template';

export const ChatPaths = {
  /** The SignalR hub (negotiate and the transports live under it). */
  hub: '/chat',
  history: template('/api/chat/load-chat-history/:userId'),
  searchUsers: template('/api/chat/search-users/:text'),
  /** The search path without a text: finds nobody (rather than 404). */
  searchUsersEmpty: '/api/chat/search-users',
  recentChats: '/api/chat/recent-chats',
  unreadCount: '/api/chat/unread-count',
  markRead: template('/api/chat/mark-read/:userId'),
} as const;
