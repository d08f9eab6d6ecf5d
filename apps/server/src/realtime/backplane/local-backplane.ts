import { randomUUID } from 'node:crypto';
import type { Backplane } from './backplane';

/**
 * A single process: delivery is already local, so publishing goes nowhere, and presence is the
 * set of users with a connection here.
 */
export function createLocalBackplane(): Backplane {
  const connectedUsers = new Set<string>();
  return {
    instanceId: randomUUID(),
    async start() {},
    publishToUser() {},
    publishBroadcast() {},
    async publishSessionsEnded() {},
    userConnected(userId) {
      connectedUsers.add(userId);
      return Promise.resolve();
    },
    userDisconnected(userId) {
      connectedUsers.delete(userId);
      return Promise.resolve(true);
    },
    onlineAmong(userIds) {
      return Promise.resolve(new Set(userIds.filter((id) => connectedUsers.has(id))));
    },
    async refresh() {},
    async close() {},
  };
}
