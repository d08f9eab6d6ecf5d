import { describe, expect, it } from 'vitest';
import { chatMessages } from '../schema/index';
import { createTestDatabase } from '../../../test/test-database';
import { loadConfig } from '../../config/env';
import { seedUsers } from './users.seed';
import { seedChat } from './chat.seed';

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
    } finally {
      await database.close();
    }
  });
});
