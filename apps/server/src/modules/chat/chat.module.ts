import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createRealtimeServer, type RealtimeOptions, type RealtimeServer } from '../../realtime/realtime-server';
import type { Hub } from '../../realtime/hub';
import { chatHubDefinition } from './chat.hub';
import { createChatRepository, liveSessionIds } from './chat.repository';
import { createChatService, type ChatService } from './chat.service';
import { registerChatRoutes } from './chat.routes';

/**
 * Wires chat: repository -> service -> REST routes and the hub on the realtime server (created here
 * on first use and shared on deps.services.realtime; REDIS_URL turns on the Redis backplane).
 * Tests may pass `realtimeOptions` (shorter timeouts) and `chatRateLimit` through overrides.
 */
export async function registerChatModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const realtime =
    (deps.services.realtime as RealtimeServer | undefined) ??
    createRealtimeServer(app, {
      sessions: deps.sessions,
      corsOrigins: deps.config.corsOrigins,
      options: { redisUrl: deps.config.redisUrl, ...(deps.services.realtimeOptions as Partial<RealtimeOptions> | undefined) },
      liveSessionIds: (sessionIds) => liveSessionIds(deps.database.db, sessionIds, deps.clock.now()),
    });
  deps.services.realtime = realtime;

  const hubRef: { current?: Hub } = {};
  const service = createChatService({
    repo: createChatRepository(deps.database.db),
    clock: deps.clock,
    onlineAmong: (userIds) => hubRef.current?.onlineAmong(userIds) ?? Promise.resolve(new Set<string>()),
    rateLimit: deps.services.chatRateLimit as { maxMessages: number; windowMs: number } | undefined,
  });
  const hub = realtime.createHub(chatHubDefinition(() => service));
  hubRef.current = hub;
  deps.services.chat = service satisfies ChatService;
  // Tests and benchmarks reach the hub (to drop a transport, count connections) through the app.
  app.decorate('chatHub', hub);
  registerChatRoutes(app, service);
}

declare module 'fastify' {
  interface FastifyInstance {
    chatHub: Hub;
  }
}
