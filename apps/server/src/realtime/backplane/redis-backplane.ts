import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Backplane, BackplaneHandlers, UserDelivery } from './backplane';

export interface RedisBackplaneOptions {
  redisUrl: string;
  /** Separates hubs (and test runs) sharing one Redis. */
  keyPrefix: string;
  /** How long an instance's presence entry lives unless refreshed; a dead instance's users go offline after it. */
  presenceTtlMs: number;
  onError?: (error: unknown) => void;
}

interface WireDelivery {
  o: string; // origin instance
  r: string; // record
  x?: string; // except connection id
}

interface WireSessionsEnded {
  o: string;
  s: string[];
}

interface WirePresence {
  o: string;
  u: string;
  on: boolean;
}

/**
 * Scale-out over Redis pub/sub, the role of SignalR's Redis backplane: one channel per user (each
 * instance subscribes to the users connected to it), one for broadcasts, one for presence changes.
 * Presence is a sorted set per user of instance ids scored by expiry time, so an instance that
 * dies without cleaning up stops counting once its score passes.
 */
export function createRedisBackplane(options: RedisBackplaneOptions): Backplane {
  const instanceId = randomUUID();
  const prefix = options.keyPrefix;
  const commands = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
  const userChannel = (userId: string) => `${prefix}:u:${userId}`;
  const presenceKey = (userId: string) => `${prefix}:p:${userId}`;
  const broadcastChannel = `${prefix}:all`;
  const presenceChannel = `${prefix}:presence`;
  const sessionsEndedChannel = `${prefix}:sessions-ended`;
  const userChannelPrefix = `${prefix}:u:`;
  const report = (error: unknown) => options.onError?.(error);
  commands.on('error', report);
  subscriber.on('error', report);

  const markPresent = (pipeline: ReturnType<Redis['pipeline']>, userId: string, nowMs: number) => {
    pipeline.zadd(presenceKey(userId), nowMs + options.presenceTtlMs, instanceId);
    pipeline.pexpire(presenceKey(userId), options.presenceTtlMs * 2);
  };

  return {
    instanceId,
    async start(handlers: BackplaneHandlers) {
      await Promise.all([commands.connect(), subscriber.connect()]);
      subscriber.on('message', (channel: string, text: string) => {
        try {
          if (channel === presenceChannel) {
            const change = JSON.parse(text) as WirePresence;
            if (change.o !== instanceId) handlers.onPresence(change.u, change.on);
            return;
          }
          if (channel === sessionsEndedChannel) {
            const ended = JSON.parse(text) as WireSessionsEnded;
            if (ended.o !== instanceId && Array.isArray(ended.s))
              handlers.onSessionsEnded?.(ended.s.filter((id) => typeof id === 'string'));
            return;
          }
          const delivery = JSON.parse(text) as WireDelivery;
          if (delivery.o === instanceId) return;
          if (channel === broadcastChannel) handlers.onBroadcast(delivery.r);
          else if (channel.startsWith(userChannelPrefix)) {
            handlers.onDelivery({ userId: channel.slice(userChannelPrefix.length), record: delivery.r, exceptConnectionId: delivery.x });
          }
        } catch (error) {
          report(error);
        }
      });
      await subscriber.subscribe(broadcastChannel, presenceChannel, sessionsEndedChannel);
    },
    publishToUser(delivery: UserDelivery) {
      const wire: WireDelivery = {
        o: instanceId,
        r: delivery.record,
        ...(delivery.exceptConnectionId ? { x: delivery.exceptConnectionId } : {}),
      };
      commands.publish(userChannel(delivery.userId), JSON.stringify(wire)).catch(report);
    },
    publishBroadcast(record: string) {
      commands.publish(broadcastChannel, JSON.stringify({ o: instanceId, r: record } satisfies WireDelivery)).catch(report);
    },
    async publishSessionsEnded(sessionIds: string[]) {
      if (sessionIds.length === 0) return;
      await commands.publish(sessionsEndedChannel, JSON.stringify({ o: instanceId, s: sessionIds } satisfies WireSessionsEnded));
    },
    async userConnected(userId: string) {
      // Subscribe before announcing, so nothing sent after "online" is missed.
      await subscriber.subscribe(userChannel(userId));
      const pipeline = commands.pipeline();
      markPresent(pipeline, userId, Date.now());
      pipeline.publish(presenceChannel, JSON.stringify({ o: instanceId, u: userId, on: true } satisfies WirePresence));
      await pipeline.exec();
    },
    async userDisconnected(userId: string) {
      await subscriber.unsubscribe(userChannel(userId));
      const [, remaining] = await commands
        .multi()
        .zrem(presenceKey(userId), instanceId)
        .zcount(presenceKey(userId), Date.now(), '+inf')
        .exec()
        .then((results) => (results ?? []).map(([, value]) => value));
      const isOffline = Number(remaining) === 0;
      if (isOffline)
        await commands.publish(presenceChannel, JSON.stringify({ o: instanceId, u: userId, on: false } satisfies WirePresence));
      return isOffline;
    },
    async onlineAmong(userIds: string[]) {
      if (userIds.length === 0) return new Set();
      const pipeline = commands.pipeline();
      const nowMs = Date.now();
      for (const id of userIds) pipeline.zcount(presenceKey(id), nowMs, '+inf');
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, i) => Number(results[i]?.[1] ?? 0) > 0));
    },
    async refresh(localUserIds: Iterable<string>) {
      const pipeline = commands.pipeline();
      const nowMs = Date.now();
      let count = 0;
      for (const userId of localUserIds) {
        markPresent(pipeline, userId, nowMs);
        count++;
      }
      if (count > 0) await pipeline.exec();
    },
    async close() {
      subscriber.disconnect();
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
