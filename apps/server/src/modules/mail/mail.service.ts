import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@rentdrive/contracts/locales';
import {
  MailOutboxMessages,
  MailUnsubscribeMessages,
  OPTIONAL_MAIL_KINDS,
  type MailPreference,
  type MailPreferences,
  type OutboxEntry,
} from '@rentdrive/contracts/mail';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, type StoredMailData } from '../../db/schema/index';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { mailLocale, mailTranslator } from './mail-i18n';
import { mailKindOf, type MailKind } from './mail-kinds';
import { mailLinkIn } from './mail-links';
import { MailMessages } from './mail-messages';
import type { MailQueue } from './mail-queue';
import { renderMail, type MailContent } from './mail-template';
import type { MailTransport } from './mail-transport';
import type { MailUnsubscribe } from './mail-unsubscribe';

// What other modules use to write their mail (they reach this module only through its service).
export { mailLocale } from './mail-i18n';
export { MailMessages } from './mail-messages';
export { defineMail, mailDay, mailMoment, mailMoney, type MailKind } from './mail-kinds';
export { createClaimMail, type ClaimMail } from './claim-mail';

export interface MailServiceDeps {
  db: Db;
  clock: Clock;
  productName: string;
  from: string;
  /** With SMTP: the queue that delivers and the transport it delivers through; without: messages are kept. */
  delivery?: { queue: MailQueue; transport: MailTransport };
  /** One-click unsubscribe (RFC 8058) for mail that is not about security; without it no header is added. */
  unsubscribe?: MailUnsubscribe;
}

export interface MailRecipient {
  userId: string | null;
  address: string;
  username: string;
  locale: Locale;
}

type OutboxRow = typeof mailOutbox.$inferSelect;
type Rendered = { subject: string; html: string; text: string };

/**
 * The outbox (ADR 020): `compose` writes a message's kind and data in the caller's transaction, with
 * its delivery job when SMTP is configured, so an event that rolls back leaves no mail and one that
 * commits leaves exactly one. `deliver` is the job: it renders the message (HTML and text, in the
 * recipient's language), sends it and records the outcome.
 */
export function createMailService({ db, clock, productName, from, delivery, unsubscribe }: MailServiceDeps) {
  function draftOf(row: Pick<OutboxRow, 'kind' | 'locale' | 'data'>) {
    const kind = mailKindOf(row.kind);
    if (!kind) throw new Error(`mail: no template for the kind '${row.kind}'`);
    if (!row.data) throw new Error(`mail: the message of kind '${row.kind}' has no data (its user was deleted)`);
    const locale = mailLocale(row.locale);
    const t = mailTranslator(locale);
    return {
      kind,
      t,
      locale,
      data: row.data,
      draft: kind.build(t, row.data.values, { origin: row.data.origin, productName, locale }),
    };
  }

  /** The subject alone (the operator's list of messages not rendered yet). */
  function subjectOf(row: Pick<OutboxRow, 'kind' | 'locale' | 'data'>): string {
    try {
      return draftOf(row).draft.subject;
    } catch {
      return '';
    }
  }

  /**
   * The message's words: the stored ones once sent; else rendered now, and stored only when `keep` (the
   * delivery: a retry sends the same). Reading the development mailbox writes nothing.
   */
  async function rendered(row: OutboxRow, keep = false): Promise<Rendered> {
    if (row.subject !== null && row.html !== null && row.text !== null) return { subject: row.subject, html: row.html, text: row.text };
    const { kind, t, locale, data, draft } = draftOf(row);
    const { origin } = data;
    const content: MailContent = {
      locale,
      productName,
      subject: draft.subject,
      greeting: t(MailMessages.greeting, { username: data.username }),
      paragraphs: draft.paragraphs,
      // Links to our pages open in the recipient's language ('/de/profile/rentals').
      button: { ...draft.button, url: mailLinkIn(locale, origin, draft.button.url) },
      after: draft.after,
      why: draft.why,
      footnote: kind.security ? t(MailMessages.securityFooter, { product: productName }) : undefined,
      settings: { label: t(MailMessages.settingsLink), url: mailLinkIn(locale, origin, `${origin}${WebPaths.profile.settings}`) },
      // A person clicking it sees a page that asks before switching off (the header's URL is for mail clients' POST).
      unsubscribe: row.listUnsubscribe
        ? {
            label: t(MailMessages.unsubscribeLink),
            url: mailLinkIn(locale, origin, `${origin}${WebPaths.unsubscribe}${new URL(row.listUnsubscribe).search}`),
          }
        : undefined,
    };
    const { html, text } = await renderMail(content);
    const result = { subject: draft.subject, html, text };
    // Kept as sent: the operator and the development mailbox see what went out; a retry sends the same.
    if (keep) await db.update(mailOutbox).set(result).where(eq(mailOutbox.id, row.id));
    return result;
  }

  return {
    /**
     * Writes one message of `kind` with its `values` (JSON) in the caller's transaction. The row's id;
     * undefined when the recipient switched this kind off (never for security mail).
     */
    async compose<V>(tx: Tx, origin: string, to: MailRecipient, kind: MailKind<V>, values: V): Promise<string | undefined> {
      const optional = unsubscribe && to.userId && !kind.security ? { userId: to.userId, kind: kind.preference ?? kind.kind } : undefined;
      if (optional && (await unsubscribe!.isOptedOut(tx, optional.userId, optional.kind))) return undefined;
      const listUnsubscribe = optional ? await unsubscribe!.url(tx, origin, optional.userId, optional.kind) : null;
      const data: StoredMailData = { username: to.username, origin, values: values as Record<string, unknown> };
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          kind: kind.kind,
          userId: to.userId,
          toAddress: to.address,
          locale: to.locale,
          data,
          status: delivery ? 'queued' : 'kept',
          listUnsubscribe,
          createdAt: clock.now(),
        })
        .returning({ id: mailOutbox.id });
      await delivery?.queue.enqueue(tx, row!.id);
      return row!.id;
    },

    /** The message's subject, HTML and text: the stored ones, or rendered now (stored when `keep`). */
    rendered,

    /** The queue's job: one message out through SMTP; a failure is recorded and thrown for a retry. */
    async deliver(outboxId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
      if (!delivery) return;
      const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
      // Sent already (a job retried after its send) or gone with its user's deletion: nothing to do.
      if (!message || message.status === 'sent' || !message.toAddress) return;
      try {
        // Rendered here, out of the event's transaction (a failure to render is retried like a send).
        const content = await rendered(message, true);
        await delivery.transport.send({
          from,
          to: message.toAddress,
          subject: content.subject,
          html: content.html,
          text: content.text,
          // RFC 8058: a mail client offers 'Unsubscribe' and POSTs to the URL, no sign-in needed.
          ...(message.listUnsubscribe && {
            headers: { 'List-Unsubscribe': `<${message.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
      } catch (error) {
        const final = attempt.retryCount >= attempt.retryLimit;
        await db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            status: final ? 'failed' : 'queued',
          })
          .where(eq(mailOutbox.id, outboxId));
        throw error;
      }
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, status: 'sent', sentAt: clock.now(), lastError: null })
        .where(eq(mailOutbox.id, outboxId));
    },

    /**
     * One-click unsubscribe: a genuine token switches its kind of mail off for its user (idempotent);
     * anything else is refused with a 400 problem.
     */
    async unsubscribe(token: string): Promise<{ kind: string }> {
      const named = unsubscribe ? await unsubscribe.verify(db, token) : undefined;
      if (!named) throw AppError.validation(MailUnsubscribeMessages.linkInvalid, { token: [MailUnsubscribeMessages.linkInvalid] });
      await unsubscribe!.optOut(db, named.userId, named.kind, clock.now());
      return { kind: named.kind };
    },

    /** Settings → Notifications: each kind that can be switched off, on or off for this user. */
    async preferences(userId: string): Promise<MailPreferences> {
      const off = new Set(unsubscribe ? await unsubscribe.optedOutKinds(db, userId) : []);
      return { kinds: OPTIONAL_MAIL_KINDS.map((kind) => ({ kind, email: !off.has(kind) })) };
    },

    async setPreference(userId: string, { kind, email }: MailPreference): Promise<MailPreferences> {
      if (unsubscribe) {
        if (email) await unsubscribe.optIn(db, userId, kind);
        else await unsubscribe.optOut(db, userId, kind, clock.now());
      }
      return this.preferences(userId);
    },

    /** The operator's view: messages not sent (failed first, then pending), newest first in each. */
    async undelivered(status: 'failed' | 'queued' | undefined, limit = 200): Promise<OutboxEntry[]> {
      const rows = await db
        .select({ ...outboxEntryColumns, locale: mailOutbox.locale, data: mailOutbox.data })
        .from(mailOutbox)
        .where(status ? eq(mailOutbox.status, status) : inArray(mailOutbox.status, ['failed', 'queued']))
        .orderBy(sql`${mailOutbox.status} = 'failed' desc`, desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
      return rows.map(({ locale, data, ...row }) =>
        toOutboxEntry({ ...row, subject: row.subject ?? subjectOf({ kind: row.kind, locale, data }) }),
      );
    },

    /**
     * A failed message sent again: queued with a fresh job (all its tries) in one transaction. Only a
     * failed one: a queued message has its job already, and a second would race it into two sends.
     */
    async retry(id: string): Promise<OutboxEntry> {
      if (!delivery) throw AppError.conflict(MailOutboxMessages.noMailServer);
      return transact(db, async (tx) => {
        const [row] = await tx
          .update(mailOutbox)
          .set({ status: 'queued' })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
          .returning(outboxEntryColumns);
        if (!row) {
          const [existing] = await tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
          if (!existing) throw AppError.notFound(MailOutboxMessages.notFound);
          throw AppError.conflict(MailOutboxMessages.notFailed);
        }
        await delivery.queue.enqueue(tx, id);
        return toOutboxEntry({ ...row, subject: row.subject ?? '' });
      });
    },

    /** The newest messages first (the development mailbox), each rendered. */
    async list(limit = 100) {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
      return Promise.all(rows.map(async (row) => ({ ...row, ...(await rendered(row)) })));
    },

    /** One message, rendered (the development mailbox). */
    async get(id: string) {
      const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return message && { ...message, ...(await rendered(message)) };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

const outboxEntryColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
};

function toOutboxEntry(
  row: { [K in keyof typeof outboxEntryColumns]: (typeof mailOutbox.$inferSelect)[K] } & { subject: string },
): OutboxEntry {
  return { ...row, status: row.status, createdAt: row.createdAt.toISOString() };
}
