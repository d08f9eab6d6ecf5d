import type { Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/index';
import { systemClock } from '../../src/lib/clock';
import { createMailService } from '../../src/modules/mail/mail.service';

type OutboxRow = typeof mailOutbox.$inferSelect;
export type RenderedMail<T> = Omit<T, 'subject' | 'html' | 'text'> & { subject: string; html: string; text: string };

/**
 * Outbox rows as their recipient will read them (ADR 020: the event stores only the kind and data;
 * the words are rendered at delivery, or here). Renders and stores the rows not rendered yet, the
 * way the worker and the development mailbox do.
 */
export async function rendered<T extends OutboxRow>(
  database: Database,
  rows: T[] | Promise<T[]>,
  productName = 'RentDrive',
): Promise<RenderedMail<T>[]> {
  const mail = createMailService({ db: database.db, clock: systemClock, productName, from: 'test@rentdrive.test' });
  return Promise.all((await rows).map(async (row) => ({ ...row, ...(await mail.rendered(row)) })));
}
