export const NotificationPaths = {
  list: '/api/notifications',
  markRead: '/api/notifications/read',
} as const;
