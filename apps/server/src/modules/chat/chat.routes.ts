import {
  CHAT_SEARCH_TEXT_MAX_CHARS,
  ChatMessageSchema,
  ChatUserSchema,
  MarkReadInputSchema,
  RecentChatSchema,
  UnreadCountSchema,
} from '@rentdrive/contracts/chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import type { ChatService } from './chat.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { ChatPaths } from '@rentdrive/contracts/paths';

const HistoryParams = z.object({ userId: z.string().uuid('This user does not exist.') });
const MarkReadParams = z.object({ userId: z.string().uuid('This user does not exist.') });
const SearchParams = z.object({ text: z.string().max(CHAT_SEARCH_TEXT_MAX_CHARS * 4) });

// Anonymous callers get 401 before their params or body are validated.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const requireSignedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/** Chat REST: thin, signed-in only. */
export function registerChatRoutes(app: FastifyInstance, service: ChatService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    ChatPaths.history.pattern,
    { config: { access: 'user' }, schema: { params: HistoryParams, response: { 200: z.array(ChatMessageSchema) } } },
    async (request) => {
      const user = requireUser(request);
      const { userId } = request.params;
      return service.history(user.id, userId);
    },
  );

  api.get(
    ChatPaths.searchUsers.pattern,
    { config: { access: 'user' }, schema: { params: SearchParams, response: { 200: z.array(ChatUserSchema) } } },
    async (request) => {
      const user = requireUser(request);
      const { text } = request.params;
      return service.searchUsers(user.id, text);
    },
  );

  // An empty search text (the path without it) finds nobody rather than 404.
  api.get(
    ChatPaths.searchUsersEmpty,
    { config: { access: 'user' }, schema: { response: { 200: z.array(ChatUserSchema) } } },
    // eslint-disable-next-line @typescript-eslint/require-await -- async so Fastify answers requireUser's throw as a 401 through the error handler.
    async (request) => {
      requireUser(request);
      return [];
    },
  );

  api.get(
    ChatPaths.recentChats,
    { config: { access: 'user' }, schema: { response: { 200: z.array(RecentChatSchema) } } },
    async (request) => {
      const user = requireUser(request);
      return service.recentChats(user.id);
    },
  );

  // The header's badge: one number over every conversation.
  api.get(ChatPaths.unreadCount, { config: { access: 'user' }, schema: { response: { 200: UnreadCountSchema } } }, async (request) => {
    const user = requireUser(request);
    return service.unreadCount(user.id);
  });

  api.post(
    ChatPaths.markRead.pattern,
    {
      config: { access: 'user' },
      onRequest: requireSignedIn,
      schema: { params: MarkReadParams, body: MarkReadInputSchema, response: { 200: UnreadCountSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { userId } = request.params;
      const { messageId } = request.body;
      return service.markRead(user.id, userId, messageId);
    },
  );
}
