import type { FastifyInstance } from 'fastify';
import { Chat } from '@rentdrive/contracts/chat';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { ChatService } from './chat.service';

/** Chat REST: thin, signed-in only (the route table's access rule answers anonymous callers 401). */
export function registerChatRoutes(app: FastifyInstance, service: ChatService): void {
  const { route } = endpointRoutes(app, { tags: ['chat'] });
  route(Chat.history, { access: 'user' }, async (request) => service.history(requireUser(request).id, request.params.userId));
  route(Chat.searchUsers, { access: 'user' }, async (request) => service.searchUsers(requireUser(request).id, request.params.text));
  route(Chat.searchUsersEmpty, { access: 'user' }, () => []);
  route(Chat.recentChats, { access: 'user' }, async (request) => service.recentChats(requireUser(request).id));
  route(Chat.unreadCount, { access: 'user' }, async (request) => service.unreadCount(requireUser(request).id));
  route(Chat.markRead, { access: 'user' }, async (request) =>
    service.markRead(requireUser(request).id, request.params.userId, request.body.messageId),
  );
}
