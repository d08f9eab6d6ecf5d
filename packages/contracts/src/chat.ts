import { z } from 'zod';
import { endpoint } from './endpoint';
import { ChatPaths } from './paths/chat';
import { multiline } from './text';

/** The hub's methods and the client methods it calls (its path is ChatPaths.hub). */
export const ChatHubMethods = {
  sendMessage: 'SendMessage',
  watchPresence: 'WatchPresence',
} as const;
export const ChatClientMethods = {
  receiveMessage: 'ReceiveMessage',
  presenceChanged: 'PresenceChanged',
} as const;

export const CHAT_MESSAGE_MAX_CHARS = 1000;
export const CHAT_HISTORY_LIMIT = 200;
export const CHAT_SEARCH_LIMIT = 10;
export const CHAT_SEARCH_TEXT_MAX_CHARS = 100;
/** Users whose presence one connection may follow at once. */
export const CHAT_WATCH_LIMIT = 200;

export const ChatMessages = {
  textRequired: 'A message cannot be empty.',
  textTooLong: `A message can be at most ${CHAT_MESSAGE_MAX_CHARS} characters long.`,
  receiverRequired: 'Choose who receives the message.',
  receiverUnknown: 'This user does not exist.',
  receiverIsSender: 'You cannot send a message to yourself.',
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  messageRequired: 'Say which message was read.',
  messageUnknown: 'This message does not exist.',
} as const;

export const ChatUserSchema = z.object({
  userId: z.string().uuid(),
  username: z.string(),
  online: z.boolean(),
});
export type ChatUser = z.infer<typeof ChatUserSchema>;

/** A recent chat: the user, and how many of their messages to me are not read yet. */
export const RecentChatSchema = ChatUserSchema.extend({ unreadCount: z.number().int().nonnegative() });
export type RecentChat = z.infer<typeof RecentChatSchema>;

/** GET /api/chat/unread-count and POST /api/chat/mark-read/{userId}: messages to me not read yet, all conversations. */
export const UnreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * POST /api/chat/mark-read/{userId}: the latest message from that user the reader has seen; it and
 * everything that user sent before it count as read.
 */
export const MarkReadInputSchema = z.object({
  messageId: z.string({ error: ChatMessages.messageRequired }).uuid(ChatMessages.messageUnknown),
});
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

export const ChatMessageSchema = z.object({
  id: z.string().uuid(),
  senderId: z.string().uuid(),
  receiverId: z.string().uuid(),
  text: z.string(),
  /** ISO 8601 UTC. */
  timeSent: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const PresenceChangeSchema = z.object({ userId: z.string(), online: z.boolean() });
export type PresenceChange = z.infer<typeof PresenceChangeSchema>;

/** What SendMessage accepts once its arguments are read; text is trimmed before the length rule. */
export const SendMessageInputSchema = z.object({
  receiverId: z.string({ error: ChatMessages.receiverRequired }).uuid(ChatMessages.receiverUnknown),
  text: multiline(
    z
      .string({ error: ChatMessages.textRequired })
      .trim()
      .min(1, ChatMessages.textRequired)
      .max(CHAT_MESSAGE_MAX_CHARS, ChatMessages.textTooLong),
  ),
});
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

const ChatPartnerParams = z.object({ userId: z.string().uuid('This user does not exist.') });

/** Chat REST (the hub is ChatPaths.hub). */
export const Chat = {
  history: endpoint('GET', ChatPaths.history, { params: ChatPartnerParams, response: { 200: z.array(ChatMessageSchema) } }),
  searchUsers: endpoint('GET', ChatPaths.searchUsers, {
    params: z.object({ text: z.string().max(CHAT_SEARCH_TEXT_MAX_CHARS * 4) }),
    response: { 200: z.array(ChatUserSchema) },
  }),
  /** An empty search text (the path without it) finds nobody rather than 404. */
  searchUsersEmpty: endpoint('GET', ChatPaths.searchUsersEmpty, { response: { 200: z.array(ChatUserSchema) } }),
  recentChats: endpoint('GET', ChatPaths.recentChats, { response: { 200: z.array(RecentChatSchema) } }),
  /** The header's badge: one number over every conversation. */
  unreadCount: endpoint('GET', ChatPaths.unreadCount, { response: { 200: UnreadCountSchema } }),
  markRead: endpoint('POST', ChatPaths.markRead, {
    params: ChatPartnerParams,
    body: MarkReadInputSchema,
    response: { 200: UnreadCountSchema },
  }),
};
