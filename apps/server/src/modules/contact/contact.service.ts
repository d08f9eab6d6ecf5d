import type { ContactRequest } from '@rentdrive/contracts/contact';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createContactRepository } from './contact.repository';

/** Stores what visitors send through the contact form; the company reads it from contact_messages. */
export function createContactService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createContactRepository(db);
  return {
    async submit(input: ContactRequest): Promise<void> {
      await repo.insert({ ...input, createdAt: clock.now() });
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
