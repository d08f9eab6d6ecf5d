import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { loadConfig } from '../config/env';
import { chatMessages, users } from '../db/schema/index';
import { createChatRepository } from '../modules/chat/chat.repository';
import { seedChat } from './chat.seed';
import { seedUsers } from './users.seed';

describe('chat seed', () => {
  it('adds demo conversations once', async () => {
    const database = await createTestDatabase();
    try {
      const ctx = { database, config: loadConfig({ NODE_ENV: 'test' }), log: () => {} };
      await seedUsers(ctx);
      await seedChat(ctx);
      const first = await database.db.select().from(chatMessages);
      expect(first.length).toBeGreaterThanOrEqual(5);
      await seedChat(ctx);
      expect(await database.db.select().from(chatMessages)).toHaveLength(first.length);

      // A reply means the earlier messages were read: only each conversation's last word is unread.
      const repo = createChatRepository(database.db);
      const idOf = async (name: string) =>
        (await database.db.select({ id: users.id, username: users.username }).from(users)).find((u) => u.username === name)!.id;
      const [alice, bob, carol] = [await idOf('alice'), await idOf('bob'), await idOf('carol')];
      expect(Object.fromEntries(await repo.unreadBySender(alice))).toEqual({});
      expect(Object.fromEntries(await repo.unreadBySender(bob))).toEqual({ [alice]: 1, [carol]: 1 });
      expect(Object.fromEntries(await repo.unreadBySender(carol))).toEqual({ [alice]: 1 });
    } finally {
      await database.close();
    }
  });
});
