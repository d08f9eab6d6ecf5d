import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/index';

export function createContactRepository(db: DbOrTx) {
  return {
    async insert(message: { name: string; surname: string; email: string; interests: string[]; message: string; createdAt: Date }) {
      await db.insert(contactMessages).values(message);
    },
  };
}
