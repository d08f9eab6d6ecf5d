import { z } from 'zod';
import { endpoint } from './endpoint';
import { NotificationPaths } from './paths/notifications';

/** What a notification is about; the web picks its icon from it. */
export const NOTIFICATION_TYPES = [
  'booking-received',
  'booking-cancelled',
  'rental-completed',
  'review-received',
  'rental-auto-completed',
  'refund',
  'withdrawal-paid',
  'chat-message',
  /** A moderation decision: a report decided, a listing hidden or shown, a suspension (issue 28). */
  'moderation',
  /** A damage claim on a deposit: opened, answered or decided (issue 27). */
  'damage-claim',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** One plain sentence, e.g. 'alice booked your Toyota Corolla for 3-5 Dec 2026.' */
  text: z.string(),
  /** The app's page it concerns (the rental, the vehicle, the conversation). */
  link: z.string(),
  createdOn: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

export const NotificationsQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `Page size must be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}.`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/** Newest first; `unreadCount` counts every unread one, not only this page's. */
export const NotificationsResponseSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** `ids` marks those read; no body (or no ids) marks every one read. Ids of other users' notifications are ignored. */
export const MarkNotificationsReadSchema = z
  .object({
    ids: z.array(z.string().uuid('Each id must be a notification id.')).max(200, 'At most 200 ids at once.').optional(),
  })
  .optional()
  .nullable();
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export const MarkNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int() });

/** Pushed over the chat hub to every connection of the user: the notification and the new unread count. */
export const NotificationClientMethods = { receiveNotification: 'ReceiveNotification' } as const;
export interface NotificationPush {
  notification: Notification;
  unreadCount: number;
}

/** The signed-in user's own notifications: listed newest first, marked read. */
export const Notifications = {
  list: endpoint('GET', NotificationPaths.list, { query: NotificationsQuerySchema, response: { 200: NotificationsResponseSchema } }),
  markRead: endpoint('POST', NotificationPaths.markRead, {
    body: MarkNotificationsReadSchema,
    response: { 200: MarkNotificationsReadResponseSchema },
  }),
};
